// What a customer or business message is rendered from: read fresh from the database when the
// job runs (so a reschedule is reflected), never kept in the job's payload.

export interface BusinessDetails {
  name: string;
  email: string;
  phone: string;
  /** Where onsite consultations start from; absent when not configured. */
  address?: string | undefined;
}

export interface BookingMessageContext {
  business: BusinessDetails;
  booking: {
    id: string;
    /** 'phone' or 'onsite'. */
    serviceType: string;
    start: Date;
    end: Date;
    /** IANA zone the times are shown in (the booking rules' timezone). */
    timeZone: string;
    status: string;
    notes?: string | null | undefined;
    estimatedPriceCents?: number | null | undefined;
    promoCode?: string | null | undefined;
    /** Calendar SEQUENCE: grows with every reschedule, so calendars take the newest. */
    sequence: number;
  };
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address?: string | null | undefined;
  };
  /** The booking's consultant now (staff notices name them); absent when none is on file. */
  consultant?: { name: string } | null | undefined;
  /** The customer's manage link (/reschedule?token=…), minted for this message. */
  manageUrl: string;
  /** Where the customer books again (the booking flow's start), e.g. after a cancellation. */
  bookUrl: string;
  /** Where staff open the booking's lead (/leads/<id>); never in a customer's e-mail. */
  staffUrl: string;
}

export interface LeadMessageContext {
  business: BusinessDetails;
  lead: {
    id: string;
    createdAt: Date;
    source?: string | null | undefined;
    painPoint?: string | null | undefined;
    bookingOption?: string | null | undefined;
  };
  customer: BookingMessageContext['customer'];
  /** Where staff open the lead, e.g. https://…/leads/<id>. */
  staffUrl: string;
}
