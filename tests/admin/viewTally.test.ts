// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY, ENGAGEMENT_FUNCTION, type ViewTally } from '../../schemas/engagementPaths.ts';
import { summarizeEngagement } from '../../src/admin/engagement/engagement.ts';
import { listAllViews } from '../../src/admin/engagement/viewRecords.ts';
import { bookOfRecords } from '../../src/admin/engagement/viewTally.ts';
import { type ViewSums, watchViewTally } from '../../src/admin/engagement/viewTallyFeed.ts';
import { startFromTally, type TallySource } from '../../src/admin/engagement/viewTallyLoad.ts';
import { tallyAskedEarly, versionsAskedEarly } from '../../src/app/consoleEarly.ts';
import { createClient, type Base44Client } from '../../src/sdk/index.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { sendSampleViews, sendViews, TALLY_SLIDES, viewFields, visitId } from '../platform/viewRecords.ts';
import { eventually } from '../support/waitFor.ts';

// The console's live sums of SlideView records, with the deck's real client against the
// real local platform: started from the tally function (or, without one, from the raw records),
// each new record added once, and read again after a deletion.
let p: TestPlatform;
let client: Base44Client;
let ada: string;
let bob: string;

/** Asks the platform each time; nothing arrived early. */
type Ask = () => Promise<ViewTally>;
const ask: Ask = () => client.functions.invoke<ViewTally>(ENGAGEMENT_FUNCTION.tally).then((reply) => reply.data);
const fromRecords = async () => summarizeEngagement(bookOfRecords(await listAllViews(client.entities[ENGAGEMENT_ENTITY.view]!)), TALLY_SLIDES);

const engagementOf = (sums: ViewSums | undefined) => summarizeEngagement(sums!.book!, TALLY_SLIDES);

/**
 * Until the client's socket has joined the SlideView room, news of new records is lost (no feed
 * can know of them before it reads the tally again): probe records are sent until one's news comes.
 */
async function roomJoined(): Promise<void> {
  const heard = new Set<string>();
  const stop = client.entities[ENGAGEMENT_ENTITY.view]!.subscribe((event) => heard.add(event.id));
  try {
    await eventually(
      async () => {
        const [probe] = await sendViews(p, bob, [viewFields('probe', '/', 1)]);
        return eventually(() => heard.has(probe!), { what: 'news of the probe', timeoutMs: 500 });
      },
      { what: 'the SlideView room joined', timeoutMs: 10_000 },
    );
  } finally {
    stop();
  }
}

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  ada = await registeredUser(p, 'ada@lender.test', 'ada-password-1234');
  bob = await registeredUser(p, 'bob@lender.test', 'bob-password-1234');
  await sendSampleViews(p, ada, bob);
  client = createClient({ serverUrl: p.url, appId: p.appId, storage: null, location: null, history: null, logger: { error: () => {} } });
  await client.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  client?.cleanup();
  await p?.close();
});

describe('watchViewTally', () => {
  /** Watches the sums, keeping the latest. */
  function watch(how: Ask): { latest: () => ViewSums | undefined; stop: () => void } {
    let latest: ViewSums | undefined;
    const source: TallySource = { ask: how, arrived: () => undefined, settle: () => undefined };
    const stop = watchViewTally(client, source, (sums) => (latest = sums), 10);
    return { latest: () => latest, stop };
  }

  it('counts a record created while the tally was on its way once, and adds new ones as they come', async () => {
    await roomJoined();
    const start = (await ask()).records;
    // The records are stored before the tally is read, and their news may reach the feed before or after it.
    const racing: Ask = async () => {
      await sendViews(p, bob, [viewFields('b2', '/', 1111), viewFields('b2', '/problem', 2222)]);
      return ask();
    };
    const feed = watch(racing);
    const counted = () => feed.latest()?.book?.records ?? 0;
    try {
      await eventually(() => counted() >= start + 2, { what: `the first sums (${start} records, and 2 sent while they loaded)`, timeoutMs: 10_000 });
      // A later record: its news is the only way the feed learns of it, and it comes after the news of the two.
      await sendViews(p, ada, [viewFields('a3', '/market', 4444)]);
      const hasLater = () => [...feed.latest()!.book!.visits.keys()].some((key) => key.endsWith(`\n${visitId('a3')}`));
      await eventually(hasLater, { what: 'the later record in the sums', timeoutMs: 10_000 });
      expect(counted(), `records the console counts: ${start} before, 2 created while its tally loaded, 1 after; ${start + 5} would count the 2 twice`).toBe(
        start + 3,
      );
      expect(engagementOf(feed.latest())).toEqual(await fromRecords());
    } finally {
      feed.stop();
    }
  }, 30_000);

  it('reads the sums again when an admin deletes records, since a deletion cannot be taken out of a sum', async () => {
    const feed = watch(ask);
    try {
      await eventually(() => feed.latest()?.book != null, { what: 'the first sums', timeoutMs: 10_000 });
      const before = feed.latest()!.book!.records;
      const listed = await listAllViews(client.entities[ENGAGEMENT_ENTITY.view]!);
      const victim = listed.find((record) => record.visit_id === visitId('a3'))!;
      await client.entities[ENGAGEMENT_ENTITY.view]!.delete(victim.id);
      await eventually(() => feed.latest()!.book!.records === before - 1, { what: 'the sums after the deletion', timeoutMs: 10_000 });
      expect(engagementOf(feed.latest())).toEqual(await fromRecords());
    } finally {
      feed.stop();
    }
  }, 30_000);

  it('sums the raw records in the page where the platform has no tally function (404), to the same figures', async () => {
    const missing: Ask = () => client.functions.invoke<ViewTally>('noSuchTally').then((reply) => reply.data);
    const feed = watch(missing);
    try {
      await eventually(() => feed.latest()?.book != null, { what: 'the sums from raw records', timeoutMs: 10_000 });
      expect(feed.latest()!.error).toBeNull();
      expect(engagementOf(feed.latest())).toEqual(await fromRecords());
    } finally {
      feed.stop();
    }
  }, 30_000);

  it('says why when the tally is refused, and draws nothing', async () => {
    const viewerClient = createClient({ serverUrl: p.url, appId: p.appId, storage: null, location: null, history: null, logger: { error: () => {} } });
    await viewerClient.auth.loginViaEmailPassword('ada@lender.test', 'ada-password-1234');
    let latest: ViewSums | undefined;
    const source: TallySource = {
      ask: () => viewerClient.functions.invoke<ViewTally>(ENGAGEMENT_FUNCTION.tally).then((reply) => reply.data),
      arrived: () => undefined,
      settle: () => undefined,
    };
    const stop = watchViewTally(viewerClient, source, (sums) => (latest = sums));
    try {
      await eventually(() => typeof latest?.error === 'string', { what: 'the refusal', timeoutMs: 10_000 });
      expect(latest!.book).toBeNull();
      expect(latest!.error).toMatch(/may not read SlideView/);
    } finally {
      stop();
      viewerClient.cleanup();
    }
  }, 30_000);
});

describe("the tally asked for early (the console's route)", () => {
  it('shows its first answer to the first picture until it is settled; every later ask is a fresh request', async () => {
    const early = tallyAskedEarly(client);
    const first = (await eventually(() => early.arrived() ?? false, { what: 'the early answer', timeoutMs: 10_000 })) as ViewTally;
    expect(first.records).toBe((await ask()).records);
    // A look, not a use: a render thrown away and begun again sees it too.
    expect(early.arrived()).toBe(first);
    early.settle();
    expect(early.arrived()).toBeUndefined();
    // A record after it: a later ask sees it, so a reload after a deletion never gets the stale first answer.
    await sendViews(p, bob, [viewFields('late', '/market', 777)]);
    expect((await early.ask()).records).toBe(first.records + 1);
  }, 30_000);

  it('hands another render of the route the request not yet taken, not a second request, while it is fresh', async () => {
    const first = tallyAskedEarly(client);
    expect(tallyAskedEarly(client)).toBe(first);
    // Ten seconds on, an untaken answer may be stale: a new request.
    const later = tallyAskedEarly(client, () => Date.now() + 10_000);
    expect(later).not.toBe(first);
    await later.ask();
    await first.ask();
    // Taken: the next route render asks afresh.
    expect(tallyAskedEarly(client)).not.toBe(first);
  }, 30_000);

  it("asks for the deck's versions beside the tally, each answer its own source, taken once", async () => {
    const tally = tallyAskedEarly(client);
    const versions = versionsAskedEarly(client);
    const again = versionsAskedEarly(client);
    expect(tallyAskedEarly(client)).toBe(tally);
    const list = await eventually(() => versions.arrived() ?? false, { what: 'the early versions', timeoutMs: 10_000 });
    expect(list).toEqual(await client.entities.DeckVersion!.list());
    // A second render of the route got the same request, not one of its own.
    expect(again.arrived()).toBe(list);
    versions.settle();
    expect(again.arrived()).toBeUndefined();
    expect(versionsAskedEarly(client).arrived()).toBeUndefined();
    expect(tallyAskedEarly(client)).toBe(tally);
    await tally.ask();
  }, 30_000);

  it('lets the feed start from sums already drawn, asking again only when it must read them again', async () => {
    await roomJoined();
    const tally = await ask();
    let asked = 0;
    let latest: ViewSums | undefined;
    let settled = 0;
    const source: TallySource = { ask: () => (asked++, ask()), arrived: () => undefined, settle: () => void settled++ };
    const initial = startFromTally(tally);
    const stop = watchViewTally(client, source, (sums) => (latest = sums), 10, initial);
    try {
      await sendViews(p, ada, [viewFields('a4', '/', 1234)]);
      await eventually(() => latest?.book?.records === tally.records + 1, { what: 'the live record on the drawn sums', timeoutMs: 10_000 });
      expect(latest!.book).toBe(initial.book);
      expect(asked).toBe(0);
      expect(settled).toBe(1);
      expect(engagementOf(latest)).toEqual(await fromRecords());
    } finally {
      stop();
    }
  }, 30_000);
});
