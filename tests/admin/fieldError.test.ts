import { describe, expect, it } from 'vitest';
import { Base44Error } from '../../src/sdk/index.ts';
import { fieldError, formFieldFor } from '../../src/admin/fieldError.ts';

// The platform's 400 body as src/platform/core/errors.ts badRequest writes it, wrapped as the client does.
const badRequest = (field: string, message: string) =>
  new Base44Error(`${field}: ${message}`, {
    status: 400,
    code: 'invalid_input',
    data: { detail: `${field}: ${message}`, code: 'invalid_input', extra_data: { field } },
  });

describe('fieldError: a failed call as the console shows it', () => {
  it('takes the field and the words from a 400 naming a field', () => {
    expect(fieldError(badRequest('expires_at', 'must be in the future'))).toEqual({ field: 'expires_at', message: 'must be in the future' });
    expect(fieldError(badRequest('prepared_for.name', 'must not be empty'))).toEqual({ field: 'prepared_for.name', message: 'must not be empty' });
  });

  it('keeps a message with a colon of its own whole after the field', () => {
    expect(fieldError(badRequest('user_email', 'is already invited; use Resend invitation: or revoke'))).toEqual({
      field: 'user_email',
      message: 'is already invited; use Resend invitation: or revoke',
    });
  });

  it('reads `field: message` from the detail when extra_data is absent', () => {
    const error = new Base44Error('domain: is already allowed', { status: 400, code: 'invalid_input', data: { detail: 'domain: is already allowed' } });
    expect(fieldError(error)).toEqual({ field: 'domain', message: 'is already allowed' });
  });

  it('names no field for a 403, a 500 or a network failure, and says what happened', () => {
    const forbidden = new Base44Error('Only admins may invite users', { status: 403, code: 'forbidden', data: { detail: 'Only admins may invite users' } });
    expect(fieldError(forbidden)).toEqual({ field: null, message: 'Only admins may invite users' });
    const broken = new Base44Error('Request failed with status code 500', { status: 500, code: 'ERR_BAD_RESPONSE', data: null });
    expect(fieldError(broken)).toEqual({ field: null, message: 'Request failed with status code 500' });
    const offline = new Base44Error('Network Error', { code: 'ERR_NETWORK' });
    expect(fieldError(offline).field).toBeNull();
    expect(fieldError(offline).message).toMatch(/could not be reached/);
    expect(fieldError(undefined)).toEqual({ field: null, message: 'Something went wrong. Try again.' });
  });
});

describe('formFieldFor: where in a form an error goes', () => {
  const fields = ['user_email', 'role', 'expires_at', 'prepared_for'];
  it('is the named field, or its closest parent the form has', () => {
    expect(formFieldFor('expires_at', fields)).toBe('expires_at');
    expect(formFieldFor('prepared_for.company', fields)).toBe('prepared_for');
  });
  it('is null (the form-level alert) for a field the form lacks, or none', () => {
    expect(formFieldFor('body', fields)).toBeNull();
    expect(formFieldFor(null, fields)).toBeNull();
  });
});
