import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { businessTimeZone } from '#web/lib/melbourne-time.ts';
import { availabilityQuery, nextBookingDateQuery, type ServiceType } from './booking-api';
import { defaultDate } from './slot-days';
import { useHold } from './use-hold';

/**
 * The calendar, the chosen day and the hold: what /booking and /reschedule share. The day shown
 * is the one chosen, else the held time's (a reloaded page), else `openOn` (the booked day of a
 * reschedule), else the next open day.
 */
export function useSlotPicker(
  sessionId: string,
  serviceType: ServiceType,
  openOn?: string | undefined,
  /** Moving a booking with its manage link: its own place and time decide the times. */
  manageToken?: string | undefined,
) {
  const queryClient = useQueryClient();
  const availability = useQuery({
    ...availabilityQuery(serviceType, sessionId, manageToken),
    placeholderData: keepPreviousData,
  });
  const next = useQuery(nextBookingDateQuery);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['availability'] });
    void queryClient.invalidateQueries({ queryKey: nextBookingDateQuery.queryKey });
  }, [queryClient]);
  const hold = useHold(sessionId, serviceType, refresh, manageToken);
  const [chosenDate, setChosenDate] = useState<string | null>(null);

  const days = availability.data?.days ?? [];
  const shown = (candidate: string | null | undefined) =>
    candidate && days.some((day) => day.date === candidate) ? candidate : null;
  // offset times are written in the business time zone: the first ten characters are its date
  const heldDate = hold.held?.startTime.slice(0, 10);
  const date =
    shown(chosenDate) ??
    shown(heldDate) ??
    shown(openOn) ??
    defaultDate(days, next.data?.nextBookingDate);

  return {
    availability,
    /** Waits for the next booking date too (or its failure), so the preselection does not jump. */
    ready: availability.isSuccess && !next.isPending,
    days,
    timeZone: availability.data?.timezone ?? businessTimeZone,
    date,
    chooseDate: setChosenDate,
    hold,
    refresh,
  };
}

export type SlotPickerState = ReturnType<typeof useSlotPicker>;
