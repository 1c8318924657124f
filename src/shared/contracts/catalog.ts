// Request and response shapes of the catalogue calls (SPEC §7 Products, Tags, the upload URL;
// DESIGN §4), in three files: zod-free constants, the post itself, and the other calls' shapes.
export * from './catalog-rules';
export * from './catalog-model';
export * from './catalog-requests';
