import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type LeadChange, type LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import {
  leadStages,
  leadStatuses,
  stageLabels,
  statusLabels,
} from '#shared/leads/leads.contract.ts';
import { changeLead, refreshLeads, setLeadData } from './leads-api';
import { LostReasonDialog } from './lost-reason-dialog';
import { problemText, type Announcer } from './use-announcer';

function said(change: LeadChange): string {
  if (change.stage) return `Stage changed to ${stageLabels[change.stage]}.`;
  return change.status ? `Status changed to ${statusLabels[change.status]}.` : 'Saved.';
}

/** The pipeline in one tap a stage (Lost asks why first), and the status beside it. */
export function StageActions({ lead, announcer }: { lead: LeadDetail; announcer: Announcer }) {
  const queryClient = useQueryClient();
  const [askingWhyLost, setAskingWhyLost] = useState(false);
  const change = useMutation({
    mutationFn: (body: LeadChange) => changeLead(lead.id, body),
    onSuccess: (updated, body) => {
      setLeadData(queryClient, updated);
      void refreshLeads(queryClient);
      setAskingWhyLost(false);
      announcer.say(said(body));
    },
    onError: (error) => {
      if (!askingWhyLost) announcer.fail(problemText(error));
    },
  });

  return (
    <section aria-labelledby="lead-stage-title" className="card space-y-4">
      <h2 id="lead-stage-title" className="text-xl font-bold">
        Stage and status
      </h2>
      <div role="group" aria-labelledby="lead-stage-label">
        <h3 id="lead-stage-label" className="mb-2 font-semibold">
          Stage
        </h3>
        <ChoiceButtons
          values={leadStages}
          labels={stageLabels}
          current={lead.stage}
          busy={change.isPending}
          onPick={(stage) => (stage === 'lost' ? setAskingWhyLost(true) : change.mutate({ stage }))}
        />
        {lead.stage === 'lost' && lead.lostReason && (
          <p className="mt-2">
            <span className="font-semibold">Lost because:</span> {lead.lostReason}
          </p>
        )}
      </div>
      <div role="group" aria-labelledby="lead-status-label">
        <h3 id="lead-status-label" className="mb-2 font-semibold">
          Status
        </h3>
        <ChoiceButtons
          values={leadStatuses}
          labels={statusLabels}
          current={lead.status}
          busy={change.isPending}
          onPick={(status) => change.mutate({ status })}
        />
      </div>
      {askingWhyLost && (
        <LostReasonDialog
          busy={change.isPending}
          error={change.isError ? problemText(change.error) : null}
          onSubmit={(lostReason) => change.mutate({ stage: 'lost', lostReason })}
          onClose={() => {
            setAskingWhyLost(false);
            change.reset();
          }}
        />
      )}
    </section>
  );
}

/** Toggle buttons: the current one is pressed; pressing another changes it at once. */
function ChoiceButtons<T extends string>({
  values,
  labels,
  current,
  busy,
  onPick,
}: {
  values: readonly T[];
  labels: Record<T, string>;
  current: T;
  busy: boolean;
  onPick: (value: T) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {values.map((value) => {
        const pressed = value === current;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            aria-disabled={busy || undefined}
            className={pressed ? 'btn-primary' : 'btn-quiet'}
            onClick={() => {
              if (!busy && !pressed) onPick(value);
            }}
          >
            {labels[value]}
          </button>
        );
      })}
    </div>
  );
}
