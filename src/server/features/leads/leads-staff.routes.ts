import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  leadChangeSchema,
  leadDetailResponseSchema,
  leadNoteResponseSchema,
  leadNoteSchema,
  leadVisitParamsSchema,
} from '#shared/leads/lead-detail.contract.ts';
import {
  leadExportQuerySchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadParamsSchema,
} from '#shared/leads/leads.contract.ts';
import {
  customerParamsSchema,
  mergeCustomersResponseSchema,
  mergeCustomersSchema,
} from '#shared/leads/customer-records.contract.ts';
import { staffActor } from '#server/db/staff-activity.ts';
import { addNote, changeLead } from './lead-actions.service';
import { exportLeadsCsv, sendCsv } from './lead-export';
import { readLeadDetail } from './lead-detail.service';
import { mergeCustomers } from './lead-merge.service';
import { listLeads } from './lead-list.service';
import { acceptVisitDetails } from './lead-visits.service';

/** The leads back office (issue 10): staff and admin; every route 401 to anonymous callers. */
export const leadsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/leads',
    {
      schema: {
        description:
          'Leads for /leads: filters that combine, one search box (name, e-mail, phone typed any way, suburb), three sorts, keyset pages (nextCursor) that never repeat or skip a lead while new ones arrive, and counts per stage on the first page.',
        querystring: leadListQuerySchema,
        response: { 200: leadListResponseSchema },
      },
    },
    async (request) => listLeads(db, request.query, app.now()),
  );

  app.get(
    '/leads/export.csv',
    {
      schema: {
        description:
          "Every lead under the list's filters as CSV, newest first: streamed in batches (flat memory), dates in en-AU Melbourne time, money in dollars, attribution and next booking per lead, formula-like cells neutralised (OWASP).",
        querystring: leadExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z
            .string()
            .meta({ format: 'binary', contentMediaType: 'text/csv' })
            .describe('The CSV, as a download (Content-Disposition: attachment).'),
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const body = await exportLeadsCsv(db, request.query, now);
      return sendCsv(reply, body, `leads-${now.toISOString().slice(0, 10)}.csv`);
    },
  );

  app.get(
    '/leads/:id',
    {
      schema: {
        description:
          'Everything about one lead: contact and address, measurements, the estimate as the customer saw it, files (staff-only URLs), bookings with their history and messages, attribution, the timeline newest first, and other enquiries with the same e-mail or phone.',
        params: leadParamsSchema,
        response: { 200: leadDetailResponseSchema },
      },
    },
    async (request) => ({ lead: await readLeadDetail(db, request.params.id, app.now()) }),
  );

  app.patch(
    '/leads/:id',
    {
      schema: {
        description:
          "Changes a lead's stage (a lost lead needs a reason) and/or status; each change goes in the timeline with the staff member's name. Answers the lead as GET does.",
        params: leadParamsSchema,
        body: leadChangeSchema,
        response: { 200: leadDetailResponseSchema },
      },
    },
    async (request) => {
      const staff = staffActor(request.staff);
      await changeLead(db, app.outbox, request.params.id, request.body, staff, app.now());
      return { lead: await readLeadDetail(db, request.params.id, app.now()) };
    },
  );

  app.post(
    '/leads/:id/notes',
    {
      schema: {
        description: "Adds a staff note to the lead's timeline (201 with the new entry).",
        params: leadParamsSchema,
        body: leadNoteSchema,
        response: { 201: leadNoteResponseSchema },
      },
    },
    async (request, reply) => {
      const staff = staffActor(request.staff);
      const entry = await addNote(
        db,
        app.outbox,
        request.params.id,
        request.body.text,
        staff,
        app.now(),
      );
      return reply.code(201).send({ entry });
    },
  );

  app.post(
    '/leads/:id/visits/:visitId/accept',
    {
      schema: {
        description:
          "Accepts the contact details a returning customer typed in a later visit (ADR 043): the lead's customer takes them, logged in the timeline with the old and new values. Answers the lead as GET does. 404 unknown lead or visit, 409 an erased person.",
        params: leadVisitParamsSchema,
        response: { 200: leadDetailResponseSchema },
      },
    },
    async (request) => {
      const { id, visitId } = request.params;
      await acceptVisitDetails(db, id, visitId, staffActor(request.staff), app.now());
      return { lead: await readLeadDetail(db, id, app.now()) };
    },
  );

  app.post(
    '/customers/:id/merge',
    {
      schema: {
        description:
          "Merges one person's other customer records (customerIds) into the record :id, which staff chose to keep: in one transaction their leads, bookings, sessions and activities (so files, notes and attribution) move to it and the other records are removed. Logged on each of the person's leads with the staff member's name. 404 when a record does not exist, 409 for an erased one.",
        params: customerParamsSchema,
        body: mergeCustomersSchema,
        response: { 200: mergeCustomersResponseSchema },
      },
    },
    async (request) =>
      mergeCustomers(
        db,
        request.params.id,
        request.body.customerIds,
        staffActor(request.staff),
        app.now(),
      ),
  );
};
