/** The platform viewer's chunk (src/app/platformViewer.ts); the gate and engagement both load it from here. */
export const loadPlatformViewer = () => import('./platformViewer.ts');
