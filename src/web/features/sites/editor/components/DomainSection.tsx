import { useState } from 'react';
import type { SiteDomain } from '../../../../../shared/contracts/sites';
import { TextField } from '../../../../components/ui/form';
import { MESSAGES } from '../../../../../shared/messages';
import { ApiError } from '../../../../lib/api-client';
import { apiErrorMessage } from '../../../../lib/errors';
import { UPGRADE_PATH } from '../../../../../shared/constants';
import { PLANS, cheapestPlanAllowing, effectivePlanId } from '../../../../../shared/plans';
import { useRootData } from '../../../../lib/root-data';
import { verifyDomain } from '../../api/my-site';
import { fieldId } from '../editor-values';
import type { SiteEditorState } from '../use-site-editor';
import { CopyButton } from '../../../../components/CopyButton';

// In UTC, said so: the server's render and the browser's must show the same text.
const WHEN = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const when = (iso: string | null) => (iso ? `${WHEN.format(new Date(iso))} UTC` : null);

const CHECK_FAILED = 'The domain could not be checked. Please try again later.';

const STATUS_TEXT: Record<SiteDomain['status'], string> = {
  none: 'No custom domain',
  pending: 'Waiting for verification',
  verified: 'Verified — your page answers on this domain',
};

/** The note about a domain this site lost (kept until another domain is saved). */
function LostNote({ lost }: { lost: NonNullable<SiteDomain['lost']> }) {
  const at = when(lost.at);
  return (
    <p
      className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
      role="status"
      data-testid="site-domain-lost"
      data-reason={lost.reason}
    >
      {lost.reason === 'claimed_by_another'
        ? `Domain lost to another seller's proof: on ${at} another seller proved control of ${lost.name} first, so your claim on it was removed. Whoever can publish the proof in the domain's DNS controls it.`
        : `${lost.name} stopped showing your page on ${at}: its proof was missing for 72 hours. Publish the proof again and press Check now to get it back.`}
    </p>
  );
}

function DomainStatus({ domain }: { domain: SiteDomain }) {
  const checked = when(domain.checkedAt);
  const verified = when(domain.verifiedAt);
  const graceEnd = when(domain.graceEndsAt);
  return (
    <div
      className="rounded-lg bg-gray-50 p-3 text-sm text-gray-800"
      data-testid="site-domain-status"
    >
      <p>
        Status:{' '}
        <strong
          data-status={graceEnd ? 'proof-missing' : domain.status}
          data-testid="site-domain-state"
        >
          {graceEnd ? `Proof missing — re-verify by ${graceEnd}` : STATUS_TEXT[domain.status]}
        </strong>
      </p>
      {domain.status === 'pending' ? (
        <p data-testid="site-domain-pending">
          Until it is verified, other sellers may claim {domain.name} too: the first to publish the
          proof gets it.
        </p>
      ) : null}
      {verified ? <p>Verified on {verified}.</p> : null}
      {checked ? <p>Last checked on {checked}.</p> : null}
      {graceEnd ? (
        <p className="mt-1 font-medium text-red-800" data-testid="site-domain-grace">
          Your page still answers on {domain.name}, but the proof that it is yours is gone. Publish
          it again and press Check now before {graceEnd}, or the domain will be released.
        </p>
      ) : null}
      {domain.lastError && (domain.status !== 'verified' || graceEnd) ? (
        <p className="mt-1 font-medium text-red-800" data-testid="site-domain-error">
          {domain.lastError}
        </p>
      ) : null}
    </div>
  );
}

/** The records that prove control of the domain and point it here, each value copyable. */
function DomainRecords({ domain }: { domain: SiteDomain }) {
  const rows: { type: string; name: string; value: string; what: string }[] = [];
  if (domain.txtRecord) rows.push({ ...domain.txtRecord, what: 'proves the domain is yours' });
  if (domain.name)
    rows.push({
      type: 'CNAME',
      name: domain.name,
      value: domain.target,
      what: 'sends visitors to your page',
    });
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-800">
        At the company where you bought the domain, add these DNS records, then press Check now. DNS
        changes can take a few hours to reach everyone.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="site-domain-records">
          <caption className="sr-only">DNS records to create</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="py-2 pr-3">
                Name
              </th>
              <th scope="col" className="py-2 pr-3">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.type} className="border-b border-gray-200 align-top">
                <th scope="row" className="py-2 pr-3 font-mono font-semibold">
                  {r.type}
                  <span className="block font-sans text-xs font-normal text-gray-700">
                    {r.what}
                  </span>
                </th>
                <td className="py-2 pr-3">
                  <code className="break-all">{r.name}</code>
                  <CopyButton text={r.name} label={`Copy the ${r.type} record's name`} />
                </td>
                <td className="py-2 pr-3">
                  <code className="break-all">{r.value}</code>
                  <CopyButton text={r.value} label={`Copy the ${r.type} record's value`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {domain.httpFile ? (
        <p className="text-sm text-gray-800">
          Or, instead of the TXT record, serve a plain-text file at{' '}
          <code className="break-all">{domain.httpFile.url}</code> containing exactly{' '}
          <code className="break-all">{domain.httpFile.body}</code>
          <CopyButton text={domain.httpFile.body} label="Copy the file's content" />
        </p>
      ) : null}
    </div>
  );
}

/**
 * The custom domain: the name (saved with the rest of the form), its status, the exact records
 * to create, and 'Check now' (POST /sites/domain/verify) with the result.
 */
export function DomainSection({ editor }: { editor: SiteEditorState }) {
  const domain = editor.site.domain;
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<{ message: string; upgrade: boolean } | null>(null);
  // Whether the member's plan serves a custom domain (docs/decisions/032): the server decides, this
  // only says so up front, with the way to upgrade.
  const plan = useRootData()?.user?.plan ?? null;
  const allowed = PLANS[effectivePlanId(plan, Date.now())].limits.customDomain;
  const upgradeTo = cheapestPlanAllowing((l) => l.customDomain);
  const typed = editor.values.domainName.trim().toLowerCase();
  const unsaved = typed !== (domain.name ?? '');

  async function checkNow() {
    setChecking(true);
    setCheckError(null);
    try {
      const { site } = await verifyDomain();
      const d = site.domain;
      editor.applyServerSite(
        site,
        d.status === 'verified'
          ? `${d.name} is verified: your page answers on it.`
          : `${d.name} is not verified yet: the reason is under “Your own domain”.`,
      );
    } catch (err) {
      // A 503 here is the DNS or the domain not answering: the server's sentence says which.
      const unreachable =
        err instanceof ApiError && err.status === 503 && err.message !== MESSAGES.genericError;
      setCheckError({
        message: unreachable ? err.message : apiErrorMessage(err, CHECK_FAILED),
        upgrade: err instanceof ApiError && err.code === 'PLAN_LIMIT',
      });
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-4">
      {!allowed ? (
        <p
          className="rounded-lg bg-indigo-50 p-3 text-sm text-indigo-950"
          data-testid="site-domain-plan"
        >
          {domain.name
            ? `Your plan does not include your own domain, so ${domain.name} is kept but not used. `
            : `Your own domain comes with the ${upgradeTo?.name ?? 'paid'} plan and above. `}
          <a href={UPGRADE_PATH} className="link font-medium">
            Upgrade
          </a>
        </p>
      ) : null}
      <TextField
        id={fieldId('domainName')}
        name="domainName"
        label="Custom domain"
        value={editor.values.domainName}
        onChange={(e) => editor.setField('domainName', e.target.value)}
        error={editor.errors.domainName}
        placeholder="shop.example.com"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="Optional: a domain you own, such as shop.example.com. Leave it empty to use only your page's address here."
      />
      {unsaved && typed ? (
        <p className="text-sm font-medium text-amber-900" data-testid="site-domain-unsaved">
          Save your changes to get the DNS records for {typed}.
        </p>
      ) : null}
      {domain.lost ? <LostNote lost={domain.lost} /> : null}
      <DomainStatus domain={domain} />
      {domain.name && !unsaved ? (
        <>
          <DomainRecords domain={domain} />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void checkNow()}
            disabled={checking}
            data-testid="site-domain-check"
          >
            {checking ? 'Checking…' : 'Check now'}
          </button>
          {checkError ? (
            <p className="field-error" role="alert" data-testid="site-domain-check-error">
              {checkError.message}{' '}
              {checkError.upgrade ? (
                <a href={UPGRADE_PATH} className="link">
                  Upgrade
                </a>
              ) : null}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
