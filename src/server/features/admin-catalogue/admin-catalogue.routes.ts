import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBookingOptionsResponseSchema,
  adminPainPointsResponseSchema,
  bookingOptionResponseSchema,
  catalogueDeleteResponseSchema,
  catalogueIdParamsSchema,
  createBookingOptionSchema,
  createPainPointSchema,
  painPointResponseSchema,
  updateBookingOptionSchema,
  updatePainPointSchema,
} from '#shared/admin/catalogue.contract.ts';
import { pricingResponseSchema, updatePricingSchema } from '#shared/admin/pricing.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import * as service from './admin-catalogue.service';
import { readPricing, updatePricing } from './admin-pricing.service';

/**
 * Admin only: pain points, booking options and pricing. The public GET /api/pain-points and
 * /api/booking-options (active entries) stay in the catalogue feature.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const params = catalogueIdParamsSchema;

  app.get(
    '/admin/pain-points',
    {
      schema: {
        description: 'Every pain point, active or not.',
        response: { 200: adminPainPointsResponseSchema },
      },
    },
    async () => ({ painPoints: await service.painPoints.list(db) }),
  );
  app.post(
    '/pain-points',
    {
      schema: {
        description: 'Adds a pain point.',
        body: acceptSnakeCase(createPainPointSchema),
        response: { 201: painPointResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        painPoint: await service.painPoints.create(db, request.body),
      }),
  );
  app.put(
    '/pain-points/:id',
    {
      schema: {
        description: 'Changes a pain point.',
        params,
        body: acceptSnakeCase(updatePainPointSchema),
        response: { 200: painPointResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      painPoint: await service.painPoints.update(db, request.params.id, request.body),
    }),
  );
  app.delete(
    '/pain-points/:id',
    {
      schema: {
        description: 'Deletes a pain point.',
        params,
        response: { 200: catalogueDeleteResponseSchema },
      },
    },
    async (request) => service.painPoints.remove(db, request.params.id),
  );

  app.get(
    '/admin/booking-options',
    {
      schema: {
        description: 'Every booking option, active or not.',
        response: { 200: adminBookingOptionsResponseSchema },
      },
    },
    async () => ({ bookingOptions: await service.bookingOptions.list(db) }),
  );
  app.post(
    '/booking-options',
    {
      schema: {
        description: 'Adds a booking option.',
        body: acceptSnakeCase(createBookingOptionSchema),
        response: { 201: bookingOptionResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        bookingOption: await service.bookingOptions.create(db, request.body),
      }),
  );
  app.put(
    '/booking-options/:id',
    {
      schema: {
        description: 'Changes a booking option.',
        params,
        body: acceptSnakeCase(updateBookingOptionSchema),
        response: { 200: bookingOptionResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      bookingOption: await service.bookingOptions.update(db, request.params.id, request.body),
    }),
  );
  app.delete(
    '/booking-options/:id',
    {
      schema: {
        description: 'Deletes a booking option.',
        params,
        response: { 200: catalogueDeleteResponseSchema },
      },
    },
    async (request) => service.bookingOptions.remove(db, request.params.id),
  );

  app.get(
    '/admin/pricing',
    {
      schema: {
        description: 'The pricing the instant estimate uses.',
        response: { 200: pricingResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      ...(await readPricing(db)),
    }),
  );
  app.put(
    '/admin/pricing',
    {
      schema: {
        description: 'Saves the pricing; estimates made from now on use it.',
        body: acceptSnakeCase(updatePricingSchema),
        response: { 200: pricingResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await updatePricing(db, request.body)) }),
  );
};
