import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CommunityHost, Region } from '@scrim-gym/shared';
import { bearer } from './factories.js';

/** The community host calls of the admin API (`token`: the caller's session). */
export function hostApi(app: FastifyInstance) {
  return {
    list: (token?: string) =>
      app.inject({ method: 'GET', url: '/api/admin/hosts', headers: token ? bearer(token) : {} }),
    grant: (body: object, token?: string) =>
      app.inject({ method: 'POST', url: '/api/admin/hosts', headers: token ? bearer(token) : {}, payload: body }),
    revoke: (userId: string, token?: string, region?: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/admin/hosts/${userId}${region ? `?region=${region}` : ''}`,
        headers: token ? bearer(token) : {},
      }),
  };
}

/** `adminToken` makes `userId` a host of `region` through the API (expects the 201). */
export async function makeHost(app: FastifyInstance, adminToken: string, userId: string, region: Region = 'NA') {
  const res = await hostApi(app).grant({ userId, region }, adminToken);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CommunityHost>();
}
