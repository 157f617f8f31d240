import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { businessTimeZone } from '#web/lib/melbourne-time.ts';
import { availabilityQuery, nextBookingDateQuery, type ServiceType } from './booking-api';
import { defaultDate } from './slot-days';
import { useHold } from './use-hold';

/** The calendar, the chosen day and the hold: what /booking and /reschedule share. */
export function useSlotPicker(sessionId: string, serviceType: ServiceType) {
  const queryClient = useQueryClient();
  const availability = useQuery({
    ...availabilityQuery(serviceType, sessionId),
    placeholderData: keepPreviousData,
  });
  const next = useQuery(nextBookingDateQuery);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['availability'] });
    void queryClient.invalidateQueries({ queryKey: nextBookingDateQuery.queryKey });
  }, [queryClient]);
  const hold = useHold(sessionId, refresh);
  const [chosenDate, setChosenDate] = useState<string | null>(null);

  const days = availability.data?.days ?? [];
  const date =
    chosenDate && days.some((day) => day.date === chosenDate)
      ? chosenDate
      : defaultDate(days, next.data?.nextBookingDate);

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
