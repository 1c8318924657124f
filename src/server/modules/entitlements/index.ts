// What a member's plan lets them do (docs/decisions/032): read-only policy over the plans table
// (src/shared/plans.ts) and the member's `plan` field. It owns no tables and depends on nothing
// but the kernel, so every module that a plan limits (catalog, sites, commerce, outreach, ai) can
// ask it without depending on the plans module's subscriptions and payments — which itself
// depends on accounts, and accounts on sites.
export { planOf, plansOf, planAllowsSql, planLimitError, requirePlanAllows } from './limits';
