import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { ErrorSummary, type SummaryItem } from '#web/components/ui/error-summary.tsx';
import { useErrorSummary, type Summary } from '#web/components/ui/use-error-summary.ts';
import { errorCodes, promoRefusalCodes } from '#shared/api/error.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { hasErrorCode, isServerUnreachable } from '#web/lib/api-refusals.ts';
import { estimateKey, settingsQuery } from '#web/lib/queries.ts';
import { consultationChosen } from '#web/lib/consultation.ts';
import { savedDetails } from '#web/lib/saved-details.ts';
import { paths } from '#web/paths.ts';
import type { ServiceType } from '#web/components/slot-picker/booking-api.ts';
import {
  bookingStepMessages,
  slotTakenMessage,
  unexpected,
} from '#web/components/slot-picker/booking-messages.ts';
import { onsiteQuery } from './onsite-query';
import { ServiceTypeField, serviceTypeInputId } from '#web/components/service-type-field.tsx';
import { slotGroupId } from '#web/components/slot-picker/slot-list.tsx';
import { noDaysId, SlotPicker } from '#web/components/slot-picker/slot-picker.tsx';
import { completeBooking, createBooking } from './submit-booking';
import { useSlotPicker } from '#web/components/slot-picker/use-slot-picker.ts';

const notBooked = 'We could not confirm your booking';
// Spec §8: a booking needs the server to be sure the time is free, so unlike the earlier steps it
// is not queued: the person is told plainly, keeps the choice and tries again when they like.
const cannotConfirmNow = 'Your booking cannot be confirmed right now';
const keptChoice =
  'We could not reach our booking system to check that this time is still free. Your choice is kept: please press Confirm Booking again in a moment.';

interface Extra {
  detail: string;
  /** The session has no lead: the way back to Contact. */
  noLead: boolean;
  /** The estimate's promo code cannot be used any more: the way back to the estimate. */
  promoRefused: boolean;
}
type Refusal = Omit<Summary<Extra>, 'check'>;

const isNoLead = (error: unknown) => hasErrorCode(error, errorCodes.noLead);

/** /booking: day, time, phone or onsite, and Confirm. */
export function BookingForm({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [details] = useState(() => savedDetails(sessionId));
  // no details in this browser: phone only, as before the Details step
  const onsite = useQuery({ ...onsiteQuery(sessionId, details), enabled: details !== null });
  const [chosenType, setChosenType] = useState<ServiceType | null>(null);
  const [notes, setNotes] = useState('');
  const errorSummary = useErrorSummary<Extra>();
  const { summary, summaryProps, answer } = errorSummary;
  const [submitting, setSubmitting] = useState(false);

  const checking = details !== null && onsite.isPending;
  const offer = onsite.data ?? null;
  const onsiteOpen = offer?.available === true;
  const offered: ServiceType[] = onsiteOpen ? ['phone', 'onsite'] : ['phone'];
  // with phone the only choice it is chosen already; onsite counts only while it is offered
  const serviceType: ServiceType | null =
    chosenType && offered.includes(chosenType)
      ? chosenType
      : !checking && offered.length === 1
        ? 'phone'
        : null;
  const picker = useSlotPicker(sessionId, serviceType ?? 'phone');
  // calendar_view_enabled off: the next free times as a list grouped by day (issue 15 item 16)
  const settings = useQuery(settingsQuery);
  const { hold } = picker;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const items: SummaryItem[] = [];
    if (!picker.date) items.push({ inputId: noDaysId, message: bookingStepMessages.date });
    if (!hold.held) items.push({ inputId: slotGroupId, message: bookingStepMessages.slot });
    if (!serviceType) {
      items.push({ inputId: serviceTypeInputId('phone'), message: bookingStepMessages.option });
    }
    if (items.length > 0 || !hold.held || !serviceType) {
      errorSummary.showCheck(items);
      return;
    }
    const held = hold.held;
    errorSummary.clear();
    setSubmitting(true);
    try {
      const created = await createBooking({
        sessionId,
        reservationId: held.reservationId,
        serviceType,
        notes: notes.trim() || undefined,
      });
      // an earlier attempt of this key may have booked another time: this hold is not needed
      if (Date.parse(created.booking.timeSlot.startTime) === Date.parse(held.startTime)) {
        hold.consume();
      } else hold.release();
      completeBooking(created, picker.timeZone);
      void navigate(paths.confirmation, { replace: true });
    } catch (error) {
      setSubmitting(false);
      errorSummary.show(
        summaryOf(error, {
          slotGone: () => (hold.consume(), picker.refresh()),
          recheckOnsite: () => void onsite.refetch(),
          // the Estimate step prices it again, without the code, when the customer goes back
          repriceEstimate: () =>
            void queryClient.invalidateQueries({ queryKey: estimateKey(sessionId) }),
        }),
      );
    }
  };

  const noLead = isNoLead(onsite.error) || summary?.noLead;
  return (
    <form noValidate aria-label="Booking" className="card space-y-6" onSubmit={submit}>
      {summaryProps && (
        <ErrorSummary {...summaryProps}>
          {summary?.detail && <p className="mt-2">{summary.detail}</p>}
          {summary?.noLead && (
            <Link to={paths.contact} className="link mt-2 inline-block">
              Go to your contact details
            </Link>
          )}
          {summary?.promoRefused && (
            <Link to={paths.estimate} className="link mt-2 inline-block">
              Back to your estimate
            </Link>
          )}
        </ErrorSummary>
      )}
      {noLead && !summary?.noLead && (
        <div role="alert" className="rounded-xl border-2 border-danger bg-danger-soft p-4">
          <p className="font-semibold">{onsite.error?.message}</p>
          <Link to={paths.contact} className="link mt-2 inline-block">
            Go to your contact details
          </Link>
        </div>
      )}
      {/* the type first: an onsite visit's times depend on the drive to the address (issue 28) */}
      <ServiceTypeField
        value={serviceType}
        onChange={(type) => {
          // a time held for the other type may not be one for this: chosen again (the calendar
          // shows phone times until a type is chosen)
          if (hold.held && type !== (serviceType ?? 'phone')) hold.release();
          setChosenType(type);
          answer(serviceTypeInputId('phone'));
        }}
        onsite={offer}
        checking={checking}
        error={summary?.items.find((item) => item.inputId === serviceTypeInputId('phone'))?.message}
      />
      <SlotPicker
        picker={picker}
        onPick={() => answer(slotGroupId)}
        calendar={settings.data?.toggles.calendar_view_enabled !== false}
        noDays={
          serviceType === 'onsite' ? (
            <NoOnsiteTimes onPhone={() => setChosenType('phone')} />
          ) : undefined
        }
      />
      <div>
        <label htmlFor="booking-notes" className="field-label">
          Notes for your consultant <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id="booking-notes"
          rows={3}
          maxLength={5000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          className="field-input"
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {/* a consultation came from Files: it has no estimate screen (issue 15 item 1) */}
        <Link to={consultationChosen() ? paths.files : paths.estimate} className="btn-quiet">
          Back
        </Link>
        <button type="submit" className="btn-primary" aria-disabled={submitting || undefined}>
          Confirm Booking
          {submitting && <span className="sr-only"> (confirming your booking)</span>}
        </button>
      </div>
    </form>
  );
}

/** No onsite time in the horizon (too far, or fully booked): a phone call instead. */
function NoOnsiteTimes({ onPhone }: { onPhone: () => void }) {
  return (
    <div className="space-y-3">
      <p className="font-semibold">{bookingStepMessages.noOnsiteTimes}</p>
      <button type="button" className="btn-quiet" onClick={onPhone}>
        Book a phone consultation
      </button>
    </div>
  );
}

interface Reactions {
  slotGone: () => void;
  recheckOnsite: () => void;
  repriceEstimate: () => void;
}

/** What the summary says about a refused or failed booking request. */
function summaryOf(error: unknown, react: Reactions): Refusal {
  if (isNoLead(error)) return { title: error.message, items: [], noLead: true };
  if (hasErrorCode(error, errorCodes.slotTaken)) {
    react.slotGone();
    return { title: notBooked, items: [{ inputId: slotGroupId, message: slotTakenMessage }] };
  }
  if (hasErrorCode(error, ...promoRefusalCodes)) {
    react.repriceEstimate();
    return { title: notBooked, items: [], detail: error.message, promoRefused: true };
  }
  if (isServerUnreachable(error)) return { title: cannotConfirmNow, items: [], detail: keptChoice };
  if (error instanceof ApiRequestError) {
    const serviceTypeMessage = error.fields.serviceType;
    if (serviceTypeMessage) {
      react.recheckOnsite();
      return {
        title: notBooked,
        items: [{ inputId: serviceTypeInputId('phone'), message: serviceTypeMessage }],
      };
    }
    return { title: notBooked, items: [], detail: error.message };
  }
  return { title: notBooked, items: [], detail: unexpected };
}
