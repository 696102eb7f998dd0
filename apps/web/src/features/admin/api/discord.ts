import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordWebhook, Region } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { adminKeys } from './admin';

/** Every region's Discord webhook, masked (GET /api/admin/regions/discord-webhooks). */
export const discordWebhooksQuery = queryOptions({
  queryKey: [...adminKeys.all, 'discord-webhooks'] as const,
  queryFn: () => api.get<DiscordWebhook[]>('/admin/regions/discord-webhooks'),
  staleTime: 5_000,
});

export const useDiscordWebhooks = () => useQuery(discordWebhooksQuery);

/** Sets (url) or removes (null) a region's webhook; the answer (masked) replaces the region's entry. */
export function useSetDiscordWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ region, url }: { region: Region; url: string | null }) =>
      api.put<DiscordWebhook>(`/admin/regions/${region}/discord-webhook`, { url }),
    onSuccess: (saved) =>
      queryClient.setQueryData(discordWebhooksQuery.queryKey, (list) =>
        list?.map((entry) => (entry.region === saved.region ? saved : entry)),
      ),
  });
}

/**
 * Posts a test message to a region's webhook; the answer carries that delivery as the webhook's last. A webhook
 * Discord deleted is removed by the server (404): the list is loaded again.
 */
export function useTestDiscordWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (region: Region) => api.post<DiscordWebhook>(`/admin/regions/${region}/discord-webhook/test`),
    onSuccess: (tested) =>
      queryClient.setQueryData(discordWebhooksQuery.queryKey, (list) =>
        list?.map((entry) => (entry.region === tested.region ? tested : entry)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: discordWebhooksQuery.queryKey }),
  });
}
