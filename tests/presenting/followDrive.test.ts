import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/platform/core/errors.ts';
import { followDriveOf } from '../../src/platform/live/follow.ts';

// What a drive may ask (follow.ts): a socket sends whatever it likes, so each refusal is a 400 that
// names the field and says what it must be, exactly as the presenter's client and the API show it.

/** The refusal's field and message, or the drive when it was accepted. */
function judged(raw: unknown) {
  const drive = followDriveOf(raw);
  return drive instanceof HttpError ? { status: drive.status, field: drive.body.extra_data?.field, detail: drive.body.detail } : drive;
}

describe('followDriveOf', () => {
  it('accepts a slide path or a stop, and nothing else beside them', () => {
    expect(judged({ path: '/market' })).toEqual({ path: '/market' });
    expect(judged({ path: '/' })).toEqual({ path: '/' });
    expect(judged({ path: `/${'a'.repeat(64)}` })).toEqual({ path: `/${'a'.repeat(64)}` });
    expect(judged({ stop: true }), 'a stop read as something else than a stop').toEqual({ stop: true });
  });

  it('refuses anything but an object as the body', () => {
    for (const raw of ['nonsense', null, [], 7, undefined]) {
      expect(judged(raw), JSON.stringify(raw)).toEqual({ status: 400, field: 'body', detail: 'body: must be { path } or { stop: true }' });
    }
  });

  it('names an unknown field', () => {
    expect(judged({ path: '/market', colour: 'red' })).toEqual({ status: 400, field: 'colour', detail: 'colour: is not a known field' });
  });

  it('takes only `true` as a stop, and never a stop with a path', () => {
    expect(judged({ stop: false })).toEqual({ status: 400, field: 'stop', detail: 'stop: must be true' });
    expect(judged({ stop: 'yes' })).toEqual({ status: 400, field: 'stop', detail: 'stop: must be true' });
    expect(judged({ stop: true, path: '/market' }), 'a stop with a path was taken').toEqual({
      status: 400,
      field: 'path',
      detail: 'path: give either path or stop, not both',
    });
  });

  it('takes only a slide path: a leading slash, lower-case letters, digits and dashes, at most 64', () => {
    // A list holding a path reads as that path to a regular expression: only text is a path.
    for (const path of ['market', '/Market', '/../etc', '/market/', `/${'a'.repeat(65)}`, 5, null, {}, ['/market']]) {
      expect(judged({ path }), JSON.stringify(path)).toEqual({ status: 400, field: 'path', detail: 'path: must be a slide path such as /market' });
    }
    expect(judged({}), 'an empty drive').toEqual({ status: 400, field: 'path', detail: 'path: must be a slide path such as /market' });
  });
});
