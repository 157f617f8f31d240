import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatAustralianPhone, phoneHref } from '#shared/contact/phone.ts';
import { Icon } from '#web/components/ui/icon.tsx';
import { ModalDialog } from '#web/components/ui/modal-dialog.tsx';
import { settingsQuery } from '#web/lib/queries.ts';

const steps = [
  'Fill in your contact details.',
  'Select your main concern and, if you like, enter your glass panel measurements.',
  'Choose an available time slot.',
  'Confirm your booking.',
];

/** 'Need Help?': a modal dialog (focus kept inside, Escape closes, page behind inert). */
export default function HelpDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: settings } = useQuery(settingsQuery);
  const business = settings?.business;

  return (
    <ModalDialog ref={dialog} labelledBy="help-title" onClose={onClose} className="max-w-lg p-0">
      <div className="max-h-[85dvh] overflow-y-auto p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="help-title" className="text-xl font-bold">
            Need Help?
          </h2>
          <button
            type="button"
            className="icon-btn -mt-2 -mr-2"
            aria-label="Close help"
            onClick={() => dialog.current?.close()}
          >
            <Icon>
              <path d="M6 6l12 12M18 6 6 18" />
            </Icon>
          </button>
        </div>
        <p className="mt-2 text-muted">Booking takes four steps:</p>
        <ol className="mt-3 list-decimal space-y-2 pl-6">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <h3 className="mt-5 font-semibold">Measuring your windows</h3>
        <p className="mt-1">
          Measure each glass panel in millimetres (length and width). It does not need to be exact:
          your consultant measures everything precisely.
        </p>
        {/* neutral until an admin confirms the business details: no placeholder as a fact */}
        {(business?.phone || business?.email) && (
          <>
            <h3 className="mt-5 font-semibold">Still need help?</h3>
            <p className="mt-1">
              {business.phone && (
                <>
                  Call{' '}
                  <a className="link whitespace-nowrap" href={phoneHref(business.phone)}>
                    {formatAustralianPhone(business.phone)}
                  </a>
                  {business.email ? ' or e-mail ' : ''}
                </>
              )}
              {business.email && (
                <>
                  {business.phone ? '' : 'E-mail '}
                  <a className="link break-all" href={`mailto:${business.email}`}>
                    {business.email}
                  </a>
                </>
              )}
              .
            </p>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
