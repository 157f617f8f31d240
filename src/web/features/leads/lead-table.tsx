import type { LeadListRow } from '#shared/leads/leads.contract.ts';
import { LeadLink, ReturnedBadge } from './lead-cells';
import { leadFacts } from './lead-facts';
import { phoneText } from './lead-format';

const columns = ['Name', ...leadFacts.map((fact) => fact.label)];

/** The desktop list: one lead a row, every column at a glance. */
export function LeadTable({ leads }: { leads: LeadListRow[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Leads</caption>
      <thead className="border-b-2 border-line">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-2 py-2 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className="border-b border-line align-top">
            <th scope="row" className="px-2 py-3 font-normal">
              <LeadLink lead={lead} />
              <ReturnedBadge lead={lead} />
              {lead.phone && <div className="text-muted">{phoneText(lead.phone)}</div>}
            </th>
            {leadFacts.map((fact) => (
              <td
                key={fact.label}
                className={fact.className ? `px-2 py-3 ${fact.className}` : 'px-2 py-3'}
              >
                {fact.value(lead)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
