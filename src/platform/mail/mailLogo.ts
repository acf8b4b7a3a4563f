import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The PNG of the company's logo that mail carries inline (made from public/logo.svg by `npm run mail-logo`). */
export const MAIL_LOGO_FILE = 'mail-logo.png';

/** The built deck's mail logo, or null (said once in the log) when the build has none: mail then names the company alone. */
export function readMailLogo(staticDir: string, log: (line: string) => void): Buffer | null {
  try {
    return readFileSync(join(staticDir, MAIL_LOGO_FILE));
  } catch {
    log(`[mail] no ${MAIL_LOGO_FILE} in ${staticDir}: mail shows the company's name without its logo`);
    return null;
  }
}
