import { describe, expect, it } from 'vitest';
import { canonicalRoute as canonicalPath } from '../../src/content/slidePath.ts';
import { step } from '../../src/deck/navigation.ts';
import { actionForKey, isTypingTarget, KEYMAP } from '../../src/deck/keymap.ts';
import { setDocumentZoom, ZOOM, zoomBy } from '../../src/deck/zoom.ts';
import { allSlides } from '../../src/registry/slideRegistry.ts';

describe('step', () => {
  it('moves one page either way, with its direction', () => {
    expect(step(3, 1, 17)).toEqual({ index: 4, direction: 1 });
    expect(step(3, -1, 17)).toEqual({ index: 2, direction: -1 });
  });

  it('never goes past the first or the last page', () => {
    expect(step(0, -1, 17)).toEqual({ index: 0, direction: 0 });
    expect(step(16, 1, 17)).toEqual({ index: 16, direction: 0 });
    expect(step(5, Infinity, 17)).toEqual({ index: 16, direction: 1 });
    expect(step(5, -Infinity, 17)).toEqual({ index: 0, direction: -1 });
  });
});

describe('canonicalPath', () => {
  it('keeps canonical routes, redirects other spellings, and knows no other page', () => {
    expect(canonicalPath('/executivesummary', allSlides)).toBe('/executivesummary');
    expect(canonicalPath('/executive-summary', allSlides)).toBe('/executivesummary');
    expect(canonicalPath('/ExecutiveSummary/', allSlides)).toBe('/executivesummary');
    expect(canonicalPath('/reverse-mortgage-news', allSlides)).toBe('/reversemortgagenews');
    expect(canonicalPath('/cover', allSlides)).toBe('/');
    expect(canonicalPath('/no-such-page', allSlides)).toBeNull();
    expect(canonicalPath('/executivesummary/extra', allSlides)).toBeNull();
  });
});

describe('keymap', () => {
  const press = (key: string, target: EventTarget | null = document.body, mods = {}) =>
    actionForKey({ key, target, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

  it('maps the presenter keys', () => {
    expect(['ArrowLeft', 'PageUp', 'ArrowRight', 'PageDown', 'Home', 'End'].map((key) => press(key))).toEqual([
      'previous',
      'previous',
      'next',
      'next',
      'first',
      'last',
    ]);
    expect(press('a')).toBeNull();
    expect(press('ArrowRight', document.body, { altKey: true })).toBeNull();
  });

  it('leaves keys alone while the user types', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    const child = document.createElement('span');
    editable.append(child);
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    document.body.append(input, textarea, select, editable, checkbox);
    expect([input, textarea, select, editable, child].map(isTypingTarget)).toEqual([true, true, true, true, true]);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(press('ArrowRight', input)).toBeNull();
  });

  it('leaves keys alone inside an open modal dialog: the page behind must not move', () => {
    const dialog = document.createElement('dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    expect(press('ArrowRight', button)).toBe('next');
    dialog.setAttribute('open', '');
    expect(press('ArrowRight', button)).toBeNull();
    expect(press('End', button)).toBeNull();
    dialog.remove();
  });

  it('is the one table of shortcuts', () => {
    expect(KEYMAP.map((entry) => entry.action)).toEqual([
      'previous',
      'next',
      'first',
      'last',
      'page-down',
      'page-up',
      'overview',
      'goto',
      'help',
      'present',
      'leave-present',
      'presenter',
      'question',
    ]);
    expect(new Set(KEYMAP.flatMap((entry) => entry.keys)).size).toBe(KEYMAP.flatMap((entry) => entry.keys).length);
  });
});

describe('zoom', () => {
  it('steps by 10 between 70 and 150', () => {
    expect(zoomBy(100, 1)).toBe(110);
    expect(zoomBy(100, -1)).toBe(90);
    expect(zoomBy(150, 1)).toBe(150);
    expect(zoomBy(70, -1)).toBe(70);
    expect(ZOOM).toEqual({ initial: 100, step: 10, min: 70, max: 150 });
  });

  it("sets the document's font size and undoes it", () => {
    const root = document.createElement('html');
    const undo = setDocumentZoom(130, root);
    expect(root.style.fontSize).toBe('130%');
    undo();
    expect(root.style.fontSize).toBe('');
  });
});
