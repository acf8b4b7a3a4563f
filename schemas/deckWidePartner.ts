// The deck-wide partner as slides/deck.yaml holds it, with whether it is still a sample: read by the
// content build (the standalone chunk, the export plan) and the platform. Apart from partnerValues.ts,
// whose wire types the content build has no use for.

/** The deck-wide partner as its sources hold it: deck.yaml's `partner`, and whether it is still a sample. */
export interface DeckWidePartner {
  name: string;
  licence: string;
  sample?: boolean | undefined;
}

/** Whether deck.yaml's `samples:` still lists the deck-wide partner's name or licence. */
export function partnerIsSample(samples: readonly string[] | undefined): boolean {
  return (samples ?? []).some((path) => path === 'partner.name' || path === 'partner.licence');
}

/** deck.yaml's partner with its sample flag, for every place that serves it (the platform, the export, the standalone chunk). */
export function deckWidePartner(settings: { partner: { name: string; licence: string }; samples?: readonly string[] | undefined }): DeckWidePartner {
  return { ...settings.partner, sample: partnerIsSample(settings.samples) };
}
