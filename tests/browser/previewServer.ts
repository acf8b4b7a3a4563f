// Moved to src/build (the bench uses it too, and nothing outside tests/ may import tests/).
export * from '../../src/build/previewServer.ts';
