import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { paramExcept } from '../../src/platform/http/routes/pathParam.ts';

// Two sub-apps that share a prefix answer disjoint paths whatever their order: one at /{name}, the
// generic one taking every other name.
async function answers(order: 'own first' | 'generic first'): Promise<string[]> {
  const own = new Hono().get('/', (c) => c.text('own list')).get('/:id', (c) => c.text(`own ${c.req.param('id')}`));
  const generic = new Hono()
    .get(`/${paramExcept('entity', ['User'])}`, (c) => c.text(`generic ${c.req.param('entity')}`))
    .get(`/${paramExcept('entity', ['User'])}/:id`, (c) => c.text(`generic ${c.req.param('entity')} ${c.req.param('id')}`));
  const app = new Hono();
  if (order === 'own first') app.route('/entities/User', own).route('/entities', generic);
  else app.route('/entities', generic).route('/entities/User', own);
  const paths = ['/entities/User', '/entities/User/7', '/entities/Users', '/entities/Use', '/entities/Note/7'];
  return Promise.all(paths.map(async (path) => `${path} → ${await (await app.request(path)).text()}`));
}

describe('paramExcept', () => {
  it('lets a generic sub-app take every name but those mounted on their own, in either order', async () => {
    const expected = [
      '/entities/User → own list',
      '/entities/User/7 → own 7',
      '/entities/Users → generic Users',
      '/entities/Use → generic Use',
      '/entities/Note/7 → generic Note 7',
    ];
    expect(await answers('own first')).toEqual(expected);
    expect(await answers('generic first')).toEqual(expected);
  });

  it('is the plain parameter without exceptions, and refuses a name that is not one path segment', () => {
    expect(paramExcept('name', [])).toBe(':name');
    expect(() => paramExcept('name', ['a|b'])).toThrow(/not a plain path segment/);
  });
});
