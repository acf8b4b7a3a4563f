import { useEffect, useRef } from 'react';
import { ENGAGEMENT_ENTITY, type DeviceKind, type SlideViewFields } from '../../schemas/engagementPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { startRecorder, type Recorder } from './recorder.ts';
import { RecordingNotice } from './RecordingNotice.tsx';

/**
 * Loaded only while recording is on: counts this viewer's time per slide and sends it through the
 * session's client, one bulk request at a time that outlives a closing tab; and tells them once.
 */
export default function Recording({ client, path, device }: { client: Base44Client; path: string | null; device: DeviceKind }) {
  const recorder = useRef<Recorder | null>(null);
  useEffect(() => {
    const running = startRecorder({
      send: (records: SlideViewFields[]) => client.entities[ENGAGEMENT_ENTITY.view]!.bulkCreate(records, { keepalive: true }),
      device,
    });
    recorder.current = running;
    return () => {
      running.stop();
      recorder.current = null;
    };
  }, [client, device]);
  useEffect(() => recorder.current?.show(path), [path, client, device]);
  return <RecordingNotice />;
}
