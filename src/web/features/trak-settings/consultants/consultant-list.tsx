import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import { Detail, EntryActions } from '#web/components/admin/list-entry.tsx';
import { ConsultantCalendar } from './consultant-calendar';
import { servicesLabel, territoryLabel, timeOffLabel, weekLines } from './consultant-labels';

export const editButtonId = (c: Consultant) => `consultant-edit-${c.id}`;
export const deleteButtonId = (c: Consultant) => `consultant-delete-${c.id}`;

/** Every consultant with their week as a readable grid, time off, base and territory. */
export function ConsultantList({
  consultants,
  onEdit,
  onDelete,
}: {
  consultants: Consultant[];
  onEdit: (c: Consultant) => void;
  onDelete: (c: Consultant) => void;
}) {
  if (consultants.length === 0) {
    return (
      <p className="font-semibold text-danger">
        No consultants yet: customers are offered no times until one is added.
      </p>
    );
  }
  return (
    <ul aria-label="Consultants" className="space-y-3">
      {consultants.map((c) => (
        <li key={c.id} className="rounded-xl border border-line p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-lg font-bold break-words">{c.name}</h3>
            <p className="font-semibold">{c.active ? 'Takes bookings' : 'Not taking bookings'}</p>
          </div>
          <dl className="mt-2 space-y-1">
            <Detail term="Consultations">{servicesLabel(c.services)}</Detail>
            {c.email && <Detail term="E-mail">{c.email}</Detail>}
            {c.mobile && <Detail term="Mobile">{formatAustralianPhone(c.mobile)}</Detail>}
            <Detail term="Base">
              {c.base.isBusinessBase ? `The business base (${c.base.address})` : c.base.address}
            </Detail>
            <Detail term="Onsite visits">{territoryLabel(c.territory)}</Detail>
            <Detail term="Time off">
              {c.timeOff.length ? c.timeOff.map(timeOffLabel).join('; ') : 'None'}
            </Detail>
          </dl>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Weekly hours of {c.name}</caption>
            <tbody className="divide-y divide-line">
              {weekLines(c.weeklyHours).map((line) => (
                <tr key={line.day}>
                  <th scope="row" className="w-28 py-1 pr-3 font-semibold">
                    {line.name}
                  </th>
                  <td className={line.text === 'Not working' ? 'py-1 text-muted' : 'py-1'}>
                    {line.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <EntryActions
            name={c.name}
            editId={editButtonId(c)}
            deleteId={deleteButtonId(c)}
            onEdit={() => onEdit(c)}
            onDelete={() => onDelete(c)}
          />
          <ConsultantCalendar consultant={c} />
        </li>
      ))}
    </ul>
  );
}
