// The moderation module's public surface: members' reports, the one queue of pending comments and
// open reports, the decisions taken on it (and on accounts: suspension, deletion, roles) and their
// log. It owns `reports` and `moderation_actions`; what a decision changes elsewhere it asks of the
// owning module (accounts, catalog, comments, messages). docs/decisions/022 and 023.
export { createReport, toReport } from './reports';
export { listQueue } from './queue';
export { ALREADY_DECIDED_REPORT, decideComment, decideReport, reportNotFound } from './decide';
export { listActions, recordAction, type ActionRecord } from './log';
export { decideEscalatedReturn } from './returns';
export { changeRole, deleteUser, setUserStatus } from './members';
