import type { DeviceKind } from '../../../schemas/engagementPaths.ts';

// How the console writes devices. Viewing times are written by schemas/durationText.ts, which the
// owners' mail shares; the exact ms stay in the CSV.

const DEVICE_LABEL: Readonly<Record<DeviceKind, string>> = { desktop: 'Desktop', tablet: 'Tablet', phone: 'Phone' };

/** "Desktop", "Tablet", "Phone"; anything else as it is spelled. */
export function deviceLabel(device: string | null | undefined): string {
  return (device && DEVICE_LABEL[device as DeviceKind]) || device || 'Unknown';
}
