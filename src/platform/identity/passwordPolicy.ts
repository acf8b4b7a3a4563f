import { z } from 'zod';
import { badRequest } from '../core/errors.ts';
import { MIN_PASSWORD_LENGTH } from '../../../schemas/passwordRule.ts';
import { isCommonlyBreached } from './passwords.ts';

/** A new password as register, reset-password and change-password accept it: 12 to 1024 characters. */
export const NewPassword = z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(1024);

/** Throws a 400 naming `field` when the new password is among commonly breached passwords. */
export async function refuseBreached(field: string, password: string): Promise<void> {
  if (await isCommonlyBreached(password)) throw badRequest(field, 'is among commonly breached passwords; choose another');
}
