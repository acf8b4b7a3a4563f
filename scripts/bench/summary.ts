import type { ConsoleRenderFigures } from './consoleRender.ts';
import { consoleRenderLines } from './consoleRender.ts';
import { exportSummary, type ExportFigures } from './exportRun.ts';
import { followLatencyLines, type FollowLatencyFigures } from './followLatency.ts';
import { partnerPdfSummary, type PartnerPdfFigures } from './partnerPdfRun.ts';
import { recordingLines, type RecordingFigures } from './recordingRequests.ts';
import { deckTable, firstVisitTable, pageTable, type BenchResults } from './report.ts';
import { scaleFollowTable, scaleLoadTable } from './scaleReport.ts';
import { stallLines, type StallFigures } from './stallRun.ts';
import type { ScaleFigures } from './scaleRun.ts';
import { versionsRenderLines, type VersionsRenderFigures } from './versionsRender.ts';
import { visitToConsoleLines, type VisitToConsoleFigures } from './visitToConsole.ts';

/** Everything a run wrote to .bench/results.json, the parts measured in their own process included. */
export type RunResults = BenchResults & {
  exportPdf?: ExportFigures;
  partnerPdf?: PartnerPdfFigures;
  stall?: StallFigures;
  consoleRender?: ConsoleRenderFigures;
  versionsRender?: VersionsRenderFigures;
  recording?: RecordingFigures;
  visitToConsole?: VisitToConsoleFigures;
  followLatency?: FollowLatencyFigures;
  scale?: ScaleFigures;
};

/** The figures of a run beside their targets, as `npm run bench` prints them at the end (blocks apart). */
export function summaryBlocks(results: RunResults): string[] {
  const visits = [
    firstVisitTable(results.firstVisit, 'first visit, standalone: vite preview (KB gzip)'),
    firstVisitTable(results.platformVisit, 'signed in on the platform (KB br)'),
    firstVisitTable(results.platformVisitGzip, 'same, browser offers gzip only (KB gzip)'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const blocks = [visits, pageTable(results), deckTable(results)];
  if (results.exportPdf) blocks.push(exportSummary(results.exportPdf));
  if (results.partnerPdf) blocks.push(partnerPdfSummary(results.partnerPdf));
  if (results.stall) blocks.push(stallLines(results.stall).join('\n'));
  if (results.consoleRender) blocks.push(consoleRenderLines(results.consoleRender).join('\n'));
  if (results.versionsRender) blocks.push(versionsRenderLines(results.versionsRender).join('\n'));
  if (results.recording) blocks.push(recordingLines(results.recording).join('\n'));
  if (results.visitToConsole) blocks.push(visitToConsoleLines(results.visitToConsole).join('\n'));
  if (results.followLatency) blocks.push(followLatencyLines(results.followLatency).join('\n'));
  if (results.scale) {
    const follow = scaleFollowTable(results.scale);
    blocks.push(
      [
        scaleLoadTable(results.scale),
        follow && `\n${follow}`,
        `(Postgres ${results.scale.postgresVersion}, durable; steady: requests started after the last sign-in answered)`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (results.load && 'skipped' in results.load) blocks.push(`load run: skipped (${results.load.skipped})`);
  if (results.load && !('skipped' in results.load) && results.load.errorSamples.length > 0) {
    blocks.push(`load errors, first kinds: ${results.load.errorSamples.join(' | ')}`);
  }
  return blocks.filter(Boolean);
}
