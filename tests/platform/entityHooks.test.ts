import { describe, expect, it } from 'vitest';
import { EntityHooks } from '../../src/platform/records/entityHooks.ts';

describe('the entity store hooks', () => {
  it('prepares the rows of a create of its entity only, in the order registered, until undone', () => {
    const hooks = new EntityHooks();
    const undoFirst = hooks.onCreate('SlideView', (appId, rows) => rows.map((row) => ({ ...row, app: appId })));
    hooks.onCreate('SlideView', (_appId, rows) => rows.map((row) => ({ ...row, seen: `${row.app}!` })));
    expect(hooks.prepareCreate('SlideView', 'deck', [{ path: '/' }])).toEqual([{ path: '/', app: 'deck', seen: 'deck!' }]);
    expect(hooks.prepareCreate('Note', 'deck', [{ path: '/' }])).toEqual([{ path: '/' }]);
    undoFirst();
    expect(hooks.prepareCreate('SlideView', 'deck', [{ path: '/' }])).toEqual([{ path: '/', seen: 'undefined!' }]);
  });
});
