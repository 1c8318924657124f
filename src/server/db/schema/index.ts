// One file per owning module: a module writes only the tables of its own file (tests/unit/architecture.test.ts).
export * from './accounts';
export * from './sites';
export * from './catalog';
export * from './jobs';
export * from './social';
export * from './comments';
export * from './messages';
export * from './moderation';
export * from './notifications';
export * from './commerce';
export * from './commerce-discounts';
export * from './plans';
export * from './outreach';
export * from './ai';
export * from './insights';
export * from './offers';
