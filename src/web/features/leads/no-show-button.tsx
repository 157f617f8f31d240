import { useMutation } from '@tanstack/react-query';
import type { Booking } from '#shared/booking/booking.contract.ts';
import { setNoShow } from './leads-api';
import { problemText, type Announcer } from './use-announcer';

/**
 * A booking whose time has started: staff mark that the customer was not there, or take the
 * mark back (PUT /api/bookings/:id/no-show); the dashboard counts the no-shows.
 */
export function NoShowButton({
  booking,
  noShow,
  announcer,
  onChanged,
}: {
  booking: Booking;
  noShow: boolean;
  announcer: Announcer;
  onChanged: () => void;
}) {
  const change = useMutation({
    mutationFn: (next: boolean) => setNoShow(booking.id, next),
    onSuccess: ({ noShow: saved }) => {
      announcer.say(saved ? 'Marked as a no-show.' : 'No-show mark taken back.');
      onChanged();
    },
    onError: (failure) => announcer.fail(problemText(failure)),
  });
  return (
    <button
      type="button"
      className="btn-quiet"
      aria-disabled={change.isPending || undefined}
      onClick={() => {
        if (!change.isPending) change.mutate(!noShow);
      }}
    >
      {noShow ? 'Undo no-show' : 'Mark as no-show'}
    </button>
  );
}
