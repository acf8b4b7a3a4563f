// Platform failures as the viewer's dialogs show them.
import { describe, expect, it } from 'vitest';
import { formErrorOf } from '../../src/components/forms/formErrorOf.ts';
import { FormError } from '../../src/components/forms/FormError.ts';
import { Base44Error } from '../../src/sdk/index.ts';

const answered = (status: number, data: unknown) => new Base44Error('Request failed', { status, code: 'invalid_input', data });

describe('formErrorOf', () => {
  it('a 400 naming a field: that field, the message without its `field: ` prefix', () => {
    const error = formErrorOf(answered(400, { detail: 'current_password: is incorrect', extra_data: { field: 'current_password' } }));
    expect(error).toBeInstanceOf(FormError);
    expect([error.field, error.message]).toEqual(['current_password', 'is incorrect']);
  });

  it("an entity's nested field path names the form's field by its last segment", () => {
    const error = formErrorOf(answered(400, { detail: 'data.preferred_times: must not be empty', extra_data: { field: 'data.preferred_times' } }));
    expect([error.field, error.message]).toEqual(['preferred_times', 'must not be empty']);
  });

  it("another status: the server's detail, for the whole form", () => {
    const error = formErrorOf(answered(429, { detail: 'Too many attempts: try again in 5 minutes' }));
    expect([error.field, error.message]).toEqual([undefined, 'Too many attempts: try again in 5 minutes']);
  });

  it('no answer at all says the server could not be reached', () => {
    const error = formErrorOf(new Base44Error('Network Error', { code: 'ERR_NETWORK' }));
    expect(error.message).toBe('The server could not be reached. Check your connection and try again.');
    expect(error.field).toBeUndefined();
  });

  it('anything else keeps its message', () => {
    expect(formErrorOf(new Error('boom')).message).toBe('boom');
    const own = new FormError('x', 'message');
    expect(formErrorOf(own)).toBe(own);
  });
});
