import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import { addNote, prependTimeline } from './leads-api';
import { problemText, type Announcer } from './use-announcer';

/** A staff note for the timeline: typed during or after a call, saved with the writer's name. */
export function NoteForm({
  leadId,
  announcer,
  onAdded,
}: {
  leadId: string;
  announcer: Announcer;
  onAdded: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (note: string) => addNote(leadId, note),
    onSuccess: ({ entry }) => {
      prependTimeline(queryClient, leadId, entry);
      setText('');
      setError(null);
      announcer.say('Note added to the timeline.');
      onAdded();
    },
    onError: (failure) => setError(problemText(failure)),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const note = text.trim();
        if (!note) {
          setError(leadsMessages.noteRequired);
          field.current?.focus();
        } else if (!add.isPending) add.mutate(note);
      }}
    >
      <label htmlFor={`${id}-note`} className="field-label">
        Add a note
      </label>
      <textarea
        ref={field}
        id={`${id}-note`}
        className="field-input min-h-24"
        maxLength={5000}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary mt-3" aria-disabled={add.isPending || undefined}>
        {add.isPending ? 'Adding...' : 'Add note'}
      </button>
    </form>
  );
}
