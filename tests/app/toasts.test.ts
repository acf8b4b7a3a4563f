import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toastsReducer, type Toast } from '../../src/app/toasts.ts';

const add = (toasts: Toast[], id: number) => toastsReducer(toasts, { type: 'add', toast: { id, message: `t${id}`, open: true } });

describe('toasts', () => {
  it('keeps at most 20, newest first', () => {
    let toasts: Toast[] = [];
    for (let id = 1; id <= 25; id++) toasts = add(toasts, id);
    expect(toasts).toHaveLength(TOAST_LIMIT);
    expect(toasts[0]!.id).toBe(25);
    expect(toasts.at(-1)!.id).toBe(6);
  });

  it('keeps at most three open: a fourth closes the oldest', () => {
    let toasts: Toast[] = [];
    for (let id = 1; id <= 5; id++) toasts = add(toasts, id);
    expect(toasts.filter((toast) => toast.open).map((toast) => toast.id)).toEqual([5, 4, 3]);
    expect(toasts.map((toast) => toast.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('dismissing closes a toast; removing drops it', () => {
    let toasts = add(add([], 1), 2);
    toasts = toastsReducer(toasts, { type: 'dismiss', id: 1 });
    expect(toasts.map((toast) => [toast.id, toast.open])).toEqual([
      [2, true],
      [1, false],
    ]);
    toasts = toastsReducer(toasts, { type: 'remove', id: 1 });
    expect(toasts.map((toast) => toast.id)).toEqual([2]);
  });

  it('removes a dismissed toast after 1,000,000 ms', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});

describe('a toast with a link', () => {
  it('keeps its link through dismissing, like any other field', () => {
    const link = { label: 'Open the admin console', href: '/admin' };
    let toasts = toastsReducer([], { type: 'add', toast: { id: 1, message: 'Access request from ada@lender.example', open: true, link } });
    toasts = toastsReducer(toasts, { type: 'dismiss', id: 1 });
    expect(toasts).toEqual([{ id: 1, message: 'Access request from ada@lender.example', open: false, link }]);
  });
});
