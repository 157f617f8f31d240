import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CampaignLink } from '#shared/admin/campaign-links.contract.ts';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useListEditing } from '#web/components/admin/use-list-editing.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { CampaignLinkForm } from './campaign-link-form';
import { CampaignLinkList, deleteButtonId } from './campaign-link-list';
import { campaignLinksQuery, deleteCampaignLink } from './campaign-links-api';

const sectionId = 'campaign-links';
const title = 'Links and QR codes';
const description =
  'Booking links for your vans, yard signs and flyers: each is the booking page with utm tags (and a promo code if you like), so the leads and bookings it brings show its source here, on the dashboard and in the lead list. Print its QR code.';
const newButtonId = 'campaign-link-new';
// the demo's words (lib/demo/demo-settings.ts says the same to any call it gets)
const notInDemo =
  'Not in the demo: booking links and their QR codes are made in the real app only.';

/** Settings › Links and QR codes (issue 30): build, copy, download and delete booking links. */
export function CampaignLinksSection() {
  // the static demo (ADR 026) has no server to open a link on nor to draw its code
  if (import.meta.env.MODE === 'demo') {
    return (
      <AdminSection id={sectionId} title={title} description={description}>
        <p role="note" className="text-muted">
          {notInDemo}
        </p>
      </AdminSection>
    );
  }
  return <CampaignLinks />;
}

function CampaignLinks() {
  const queryClient = useQueryClient();
  const list = useQuery(campaignLinksQuery);
  const entries = useListEditing<CampaignLink>({
    newButton: newButtonId,
    // a saved link has no Edit: focus goes back to "New booking link" after saving
    edit: () => newButtonId,
    delete: deleteButtonId,
  });
  const { editing, deleting } = entries;

  // the dashboard links here (/settings#campaign-links): the page renders after the browser's
  // own jump to the fragment, so the section is brought into view once it is there
  useEffect(() => {
    if (window.location.hash !== `#${sectionId}`) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(sectionId)?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);

  const remove = useMutation({
    mutationFn: (link: CampaignLink) => deleteCampaignLink(queryClient, link.id),
    onSuccess: (_, link) => entries.deleted(`Link ${link.name} deleted.`),
  });

  return (
    <AdminSection id={sectionId} title={title} description={description}>
      <div className="flex flex-wrap items-center gap-3">
        <button
          id={newButtonId}
          type="button"
          className="btn-primary"
          onClick={() => entries.open('new')}
        >
          New booking link
        </button>
        <p role="status" className="font-semibold text-brand">
          {entries.status}
        </p>
      </div>
      {editing && (
        <CampaignLinkForm
          onSaved={(saved) => entries.saved(saved, `Link ${saved.name} saved.`)}
          onCancel={entries.cancel}
        />
      )}
      <QueryContent query={list}>
        {(links) => (
          <CampaignLinkList
            links={links}
            onDelete={(link) => {
              remove.reset();
              entries.askToDelete(link);
            }}
          />
        )}
      </QueryContent>
      {deleting && (
        <ConfirmDialog
          title={`Delete the link ${deleting.name}?`}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() => remove.mutate(deleting)}
          onClose={entries.keep}
        >
          <p>
            It leaves this list and the dashboard. Codes already printed keep working: visits from
            them still show their source.
          </p>
        </ConfirmDialog>
      )}
    </AdminSection>
  );
}
