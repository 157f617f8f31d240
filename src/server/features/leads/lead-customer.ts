import type { Customer } from '#shared/contact/contact.contract.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import { toCustomerDto } from '#server/lib/customer-dto.ts';
import type { CustomerRow } from './lead-detail.repository';

/** The customer as staff see it; an erased person shows as such, with nothing personal. */
export function toCustomerView(row: CustomerRow): Customer {
  const customer = toCustomerDto(row);
  return row.erasedAt === null
    ? customer
    : { ...customer, firstName: leadsMessages.erased, lastName: '' };
}
