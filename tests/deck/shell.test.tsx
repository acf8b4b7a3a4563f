import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeckUserContext } from '../../src/deck/DeckUserContext.tsx';
import { NotFound } from '../../src/deck/NotFound.tsx';
import { allSlides, deckSlides } from '../../src/registry/slideRegistry.ts';
import { renderRoute } from '../support/renderRoute.tsx';
import { render } from '@testing-library/react';
import { Router } from 'wouter';

afterEach(() => {
  cleanup();
  document.documentElement.style.fontSize = '';
});

const key = async (name: string, target: Element | Window = window) => {
  await act(async () => {
    fireEvent.keyDown(target, { key: name });
  });
};

describe('bottom bar', () => {
  it('shows Previous, the counter and Next as real links on a deck page', async () => {
    await renderRoute('/problem');
    const nav = screen.getByRole('navigation', { name: 'Slides' });
    expect(nav.textContent).toContain('3 / 17');
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/executivesummary');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/market');
  });

  it('hides Previous on the first page and Next on the last', async () => {
    await renderRoute('/');
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    expect(screen.getByText('1 / 17')).toBeTruthy();
    cleanup();
    await renderRoute('/contact');
    expect(screen.queryByRole('link', { name: /^Next/ })).toBeNull();
    expect(screen.getByText('17 / 17')).toBeTruthy();
  });

  it('is absent off the deck order: core technology and the 404 screen', async () => {
    await renderRoute('/coretechnology');
    expect(screen.queryByRole('navigation', { name: 'Slides' })).toBeNull();
    cleanup();
    await renderRoute('/nowhere');
    expect(screen.queryByRole('navigation', { name: 'Slides' })).toBeNull();
  });
});

describe('keys', () => {
  it('move through the deck and stop at either end', async () => {
    const { location } = await renderRoute('/');
    await key('ArrowLeft');
    expect(location.history.at(-1)).toBe('/');
    await key('ArrowRight');
    expect(location.history.at(-1)).toBe('/executivesummary');
    await key('End');
    expect(location.history.at(-1)).toBe('/contact');
    await key('PageDown');
    expect(location.history.at(-1)).toBe('/contact');
    await key('Home');
    expect(location.history.at(-1)).toBe('/');
    expect(location.history).toHaveLength(4);
  });

  it('do nothing while focus is in a text input', async () => {
    const { location } = await renderRoute('/problem');
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await key('ArrowRight', input);
    expect(location.history).toEqual(['/problem']);
    input.remove();
  });

  it('do nothing off the deck order', async () => {
    const { location } = await renderRoute('/coretechnology');
    await key('ArrowRight');
    expect(location.history).toEqual(['/coretechnology']);
  });
});

describe('route changes', () => {
  it('announce the slide, name the document and focus the heading', async () => {
    const { location } = await renderRoute('/problem');
    expect(document.title).toBe('Problem · Reverse Holdings Group');
    await key('ArrowRight');
    const market = deckSlides[3]!;
    expect(document.querySelector('[aria-live]')?.textContent).toBe(`Slide 4 of 17: ${market.label}`);
    expect(document.title).toBe(`${market.label} · Reverse Holdings Group`);
    expect(document.activeElement?.tagName).toBe('H1');
    expect(location.history.at(-1)).toBe('/market');
  });

  it('redirect other spellings to the canonical route', async () => {
    const { location } = await renderRoute('/executive-summary');
    expect(location.history.at(-1)).toBe('/executivesummary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(deckSlides[1]!.title);
  });
});

describe('zoom buttons', () => {
  it('scale the document between 70 and 150 and disable at the limits', async () => {
    await renderRoute('/');
    // Each name starts with the button's visible text (WCAG 2.5.3 Label in Name).
    const minus = screen.getByRole('button', { name: 'A- Decrease text size' });
    const plus = screen.getByRole('button', { name: 'A+ Increase text size' });
    const reset = screen.getByRole('button', { name: '100% text size: reset to 100%' });
    expect(reset.textContent).toBe('100%');
    for (let i = 0; i < 5; i++) fireEvent.click(plus);
    expect(reset.textContent).toBe('150%');
    expect(document.documentElement.style.fontSize).toBe('150%');
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(reset);
    expect(document.documentElement.style.fontSize).toBe('');
    for (let i = 0; i < 4; i++) fireEvent.click(minus);
    expect(reset.textContent).toBe('70%');
    expect((minus as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('404 screen', () => {
  it('names the path and links home', async () => {
    await renderRoute('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(document.body.textContent).toContain('The page "/no-such-page" could not be found in this application.');
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Admin Note')).toBeNull();
  });

  it('shows the Admin Note to admins only', () => {
    const view = (role: string) =>
      render(
        <Router>
          <DeckUserContext.Provider value={{ user: { role } }}>
            <NotFound path="/x" />
          </DeckUserContext.Provider>
        </Router>,
      );
    view('user');
    expect(screen.queryByText('Admin Note')).toBeNull();
    cleanup();
    view('admin');
    expect(screen.getByText('Admin Note')).toBeTruthy();
  });
});

describe('ecosystem', () => {
  it('selects a core or amplifier card on click; the hub is not a button', async () => {
    await renderRoute('/ecosystem');
    const cards = screen.getAllByRole('button', { pressed: false });
    const brandCards = cards.filter((button) => button.classList.contains('brand-card'));
    expect(brandCards).toHaveLength(7);
    expect(document.querySelector('.brand-card--hub')?.tagName).toBe('DIV');
    fireEvent.click(brandCards[2]!);
    expect(brandCards[2]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(brandCards[5]!);
    expect(brandCards[2]!.getAttribute('aria-pressed')).toBe('false');
    expect(brandCards[5]!.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('ecosystem: each brand card links to its page', () => {
  it('a real link per core and amplifier card to the page about that brand; following it navigates, and the card beside it still selects', async () => {
    const { location } = await renderRoute('/ecosystem');
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a.brand-card__page')];
    expect(links).toHaveLength(7);
    const expected = links.map((link) => {
      const name = link.closest('.brand-card-slot')!.querySelector('.brand-card__name')!.textContent!;
      return allSlides.find((slide) => slide.title === name)?.path;
    });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(expected);
    expect(links.map((link) => link.textContent)).toContain('REMO AI page→');
    expect(screen.getByRole('link', { name: 'REMO AI page' }).getAttribute('href')).toBe('/remoai');
    // The link is not inside the selecting button (a link in a button is neither for a screen reader).
    for (const link of links) expect(link.closest('button')).toBeNull();
    const card = links[1]!.closest('.brand-card-slot')!.querySelector('button.brand-card')!;
    fireEvent.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(links[1]!);
    });
    expect(location.history?.at(-1)).toBe(links[1]!.getAttribute('href'));
  });
});

describe('swipe', () => {
  it('a leftward swipe goes to the next page, a vertical one does nothing', async () => {
    const { location } = await renderRoute('/problem');
    const touch = (type: string, x: number, y: number) => {
      const event = new Event(type) as Event & { touches: unknown[]; changedTouches: unknown[] };
      event.touches = type === 'touchend' ? [] : [{ clientX: x, clientY: y }];
      event.changedTouches = [{ clientX: x, clientY: y }];
      window.dispatchEvent(event);
    };
    await act(async () => {
      touch('touchstart', 300, 400);
      touch('touchend', 300, 200);
    });
    expect(location.history).toEqual(['/problem']);
    await act(async () => {
      touch('touchstart', 300, 400);
      touch('touchend', 120, 410);
    });
    expect(location.history.at(-1)).toBe('/market');
  });
});
