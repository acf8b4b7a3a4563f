import { describe, expect, it } from 'vitest';
import { newsDraft } from '../../src/platform/news/newsDraft.ts';
import type { NewsItem } from '../../src/platform/news/newsItems.ts';

// The owners' mail about one partner: who it is about, as the console names them, and a heading that
// says what happened.

const opened: NewsItem = { kind: 'first_open', at: 0 };
const asked: NewsItem = { kind: 'question', at: 1, page: '4 · Market', question: 'Which states?', figure: null };
const draft = (partner: Parameters<typeof newsDraft>[2], items: NewsItem[] = [opened]) =>
  newsDraft('https://deck.example', 'owner@holdings.example', partner, items);

describe("the owners' news mail", () => {
  it('names the partner by the Prepared-for the admins gave, else by the name they typed (quoted), else by the address', () => {
    const prepared = draft({
      email: 'dana@bank.example',
      full_name: 'D. R. https://evil.example',
      prepared_for: { name: 'Dana Reyes', company: 'Lender Bank' },
    });
    expect(prepared.intro[0]).toBe('Dana Reyes of Lender Bank <dana@bank.example>:');
    expect(draft({ email: 'dana@bank.example', full_name: null, prepared_for: { name: 'Dana Reyes' } }).intro[0]).toBe('Dana Reyes <dana@bank.example>:');
    expect(draft({ email: 'dana@bank.example', full_name: 'Dana R.', prepared_for: null }).intro[0]).toBe('“Dana R.” <dana@bank.example>:');
    expect(draft({ email: 'dana@bank.example', full_name: null }).intro[0]).toBe('dana@bank.example:');
    expect(prepared.subject, 'the subject names the address only').toBe('dana@bank.example opened the deck for the first time');
  });

  it('heads the mail with what happened, or that there is news when there are several things', () => {
    const partner = { email: 'dana@bank.example', full_name: null };
    expect(draft(partner, [opened]).heading).toBe('A partner opened the deck');
    expect(draft(partner, [asked]).heading).toBe('A partner asked a question');
    expect(draft(partner, [{ kind: 'visit', opened_at: 0, seen_at: 1, ms: 60_000, pages: [], questions: 0 }]).heading).toBe('A partner finished a visit');
    expect(draft(partner, [opened, asked]).heading).toBe('News from a partner');
  });
});
