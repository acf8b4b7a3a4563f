import type { Base44Client } from '../sdk/index.ts';
import type { LoginMode } from './loginTarget.ts';

/** What every form of the sign-in page receives from LoginPage. */
export interface FormProps {
  client: Base44Client;
  email: string;
  setEmail(email: string): void;
  /** Switches to another form, optionally with a status message to announce. */
  go(mode: LoginMode, notice?: string): void;
  /** Leaves the page for the address the visitor asked for. */
  signedIn(): void;
}
