import type { Engagement } from './engagement.ts';
import { personTotalsCsv, slideTotalsCsv } from './totalsCsv.ts';
import { downloadText } from './viewsCsv.ts';

/** The totals per person and per slide, as the console shows them, each as a CSV file dated today. */
export function TotalsCsvButtons({ engagement }: { engagement: Engagement }) {
  const day = () => new Date().toISOString().slice(0, 10);
  return (
    <>
      <button type="button" className="admin-button" onClick={() => downloadText(personTotalsCsv(engagement), `engagement-per-person-${day()}.csv`)}>
        Totals per person (CSV)
      </button>
      <button type="button" className="admin-button" onClick={() => downloadText(slideTotalsCsv(engagement), `engagement-per-slide-${day()}.csv`)}>
        Totals per slide (CSV)
      </button>
    </>
  );
}
