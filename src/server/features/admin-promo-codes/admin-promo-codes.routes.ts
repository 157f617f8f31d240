import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPromoCodeSchema,
  promoCodeListSchema,
  promoCodeResponseSchema,
  promoIdParamsSchema,
  promoLookupParamsSchema,
  promoUtmParamsSchema,
  publicPromoSchema,
  updatePromoCodeSchema,
} from '#shared/admin/promo-codes.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import * as service from './admin-promo-codes.service';

const deletedSchema = z.object({ success: z.literal(true) });

/** The two public one-code lookups (rate-limited): a banner or the estimate asks for one code. */
export const promoLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // guessing codes costs a request each: one budget per client address
  const lookupLimit = app.publicReadLimit();

  app.get(
    '/promo-codes/lookup/:code',
    {
      onRequest: lookupLimit,
      schema: {
        description:
          'A promo code by its text, when it can be used now. A code that is unknown, disabled, expired or used up is a normal answer: promo null and the refusal (code and message), never a 404 (ADR 030). Rate-limited per client address.',
        params: promoLookupParamsSchema,
        response: { 200: publicPromoSchema },
      },
    },
    async (request) => service.lookUpPromoCode(db, request.params.code, app.now()),
  );
  app.post(
    '/promo-codes/utm/:utmTrigger',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'The usable promo code a campaign link activates (by its UTM value), for the banner. A campaign without a promotion answers promo null with the refusal, never a 404 (ADR 030).',
        params: promoUtmParamsSchema,
        response: { 200: publicPromoSchema },
      },
    },
    async (request) => service.promoForUtmTrigger(db, request.params.utmTrigger, app.now()),
  );
};

/** Admin CRUD of promo codes; registered under the admin guard (src/server/admin-routes.ts). */
export const adminPromoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/promo-codes',
    {
      schema: {
        description: 'Every promo code, active or not.',
        response: { 200: promoCodeListSchema },
      },
    },
    async () => ({
      promoCodes: await service.listPromoCodes(db),
    }),
  );
  app.post(
    '/promo-codes',
    {
      schema: {
        description: 'Creates a promo code.',
        body: acceptSnakeCase(createPromoCodeSchema),
        response: { 201: promoCodeResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        promoCode: await service.createPromoCode(db, request.body),
      }),
  );
  app.get(
    '/promo-codes/:id',
    {
      schema: {
        description: 'One promo code.',
        params: promoIdParamsSchema,
        response: { 200: promoCodeResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      promoCode: await service.getPromoCode(db, request.params.id),
    }),
  );
  app.put(
    '/promo-codes/:id',
    {
      schema: {
        description: 'Changes a promo code.',
        params: promoIdParamsSchema,
        body: acceptSnakeCase(updatePromoCodeSchema),
        response: { 200: promoCodeResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      promoCode: await service.updatePromoCode(db, request.params.id, request.body),
    }),
  );
  app.delete(
    '/promo-codes/:id',
    {
      schema: {
        description: 'Deletes a promo code.',
        params: promoIdParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      await service.deletePromoCode(db, request.params.id);
      return { success: true as const };
    },
  );
};
