import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { phoneText, telHref } from './lead-format';

type Customer = NonNullable<LeadDetail['customer']>;

/** Google Maps directions to the customer: the place id when known, else the address. */
export function directionsHref(customer: Customer): string {
  const params = new URLSearchParams({ api: '1' });
  const coordinates = customer.addressCoordinates;
  params.set(
    'destination',
    customer.address || (coordinates ? `${coordinates.lat},${coordinates.lng}` : ''),
  );
  if (customer.placeId) params.set('destination_place_id', customer.placeId);
  return `https://www.google.com/maps/dir/?${params}`;
}

function placeLine(customer: Customer): string {
  const line = [customer.suburb, customer.state, customer.postcode].filter(Boolean).join(' ');
  // the address usually spells its suburb already; say it again only when it does not
  return line && !customer.address.toLowerCase().includes((customer.suburb ?? '').toLowerCase())
    ? line
    : '';
}

/** What a phone call needs first: call, e-mail, and where the customer is. */
export function ContactCard({ customer }: { customer: Customer | null }) {
  if (!customer) {
    return (
      <section aria-labelledby="lead-contact-title" className="card">
        <h2 id="lead-contact-title" className="text-xl font-bold">
          Contact
        </h2>
        <p className="mt-2 text-muted">No contact details are held for this lead.</p>
      </section>
    );
  }
  const place = placeLine(customer);
  return (
    <section aria-labelledby="lead-contact-title" className="card space-y-4">
      <h2 id="lead-contact-title" className="text-xl font-bold">
        Contact
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {customer.phone && (
          <a href={telHref(customer.phone)} className="btn-primary">
            Call {phoneText(customer.phone)}
          </a>
        )}
        {customer.email && (
          <a href={`mailto:${customer.email}`} className="btn-quiet min-w-0 break-all">
            E-mail {customer.email}
          </a>
        )}
      </div>
      {customer.address && (
        <div>
          <h3 className="font-semibold">Address</h3>
          <p className="break-words">{customer.address}</p>
          {place && <p>{place}</p>}
          <a
            href={directionsHref(customer)}
            target="_blank"
            rel="noopener noreferrer"
            className="link mt-1 inline-flex min-h-11 items-center"
          >
            Directions
            <span className="sr-only">
              {' '}
              to {customer.address} (Google Maps, opens in a new tab)
            </span>
          </a>
        </div>
      )}
    </section>
  );
}
