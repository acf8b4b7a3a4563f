// The deck itself never calls this module. It is kept because it is part of the published
// client's public surface (@base44/sdk), which code written for the hosting platform calls; the
// local platform answers it (conversations are stored; WhatsApp links answer 404 not_provided).
import { seg, type Http } from './http.ts';
import type { Realtime, Unsubscribe } from './realtime.ts';

/** A message of an agent conversation. */
export interface AgentMessage {
  role?: string;
  content?: unknown;
  [field: string]: unknown;
}

/** An agent conversation: id and a messages list. */
export interface AgentConversation {
  id: string;
  agent_name?: string;
  messages?: AgentMessage[];
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** Filter parameters of listConversations; `q` goes as JSON like entities.filter (the published client sends it unencoded, which the platform cannot read). */
export interface ConversationListParams {
  q?: Record<string, unknown>;
  sort?: string;
  limit?: number;
  skip?: number;
  fields?: string | readonly string[];
}

/** The agents module; same names and argument order as the published client. */
export interface AgentsModule {
  getConversations(): Promise<AgentConversation[]>;
  listConversations(params?: ConversationListParams): Promise<AgentConversation[]>;
  getConversation(id: string): Promise<AgentConversation>;
  createConversation(params: { agent_name: string; metadata?: Record<string, unknown> }): Promise<AgentConversation>;
  addMessage(conversation: AgentConversation, message: AgentMessage): Promise<unknown>;
  /** Room `/agent-conversations/{id}`; returns the unsubscribe function. */
  subscribeToConversation(id: string, onUpdate: (conversation: AgentConversation) => void, onError?: (error: unknown) => void): Unsubscribe;
  getWhatsAppConnectURL(agentName: string): string;
}

/** What the agents module needs from the client. */
export interface AgentsDeps {
  http: Http;
  realtime: Realtime;
  serverUrl: string;
  appId: string;
  getToken(): string | null | undefined;
}

const roomOf = (id: string): string => `/agent-conversations/${id}`;

/** Builds the agents module. */
export function createAgentsModule({ http, realtime, serverUrl, appId, getToken }: AgentsDeps): AgentsModule {
  const base = '/agents/conversations';
  // Latest known state per conversation, so a local append builds on what subscribers last saw.
  const latest = new Map<string, AgentConversation>();
  const data = async <T>(promise: Promise<{ data: T }>): Promise<T> => (await promise).data;

  return {
    getConversations: () => data(http({ method: 'GET', path: base })),
    listConversations: (params = {}) => {
      const { fields, ...rest } = params;
      const query = { ...rest, fields: typeof fields === 'string' ? fields : fields?.join(',') };
      return data(http({ method: 'GET', path: base, query }));
    },
    getConversation: (id) => data(http({ method: 'GET', path: `${base}/${seg(id)}` })),
    createConversation: (params) => data(http({ method: 'POST', path: base, json: params })),
    addMessage(conversation, message) {
      const current = latest.get(conversation.id) ?? conversation;
      const next = { ...current, messages: [...(current.messages ?? []), message] };
      latest.set(conversation.id, next);
      // Subscribers see the user's own message before the server round trip (protocol table).
      realtime.publishLocally(roomOf(conversation.id), next);
      return data(http({ method: 'POST', path: `${base}/${seg(conversation.id)}/messages`, json: message }));
    },
    subscribeToConversation(id, onUpdate, onError) {
      return realtime.subscribe(roomOf(id), {
        onUpdate(update) {
          latest.set(id, update as AgentConversation);
          onUpdate(update as AgentConversation);
        },
        ...(onError ? { onError } : {}),
      });
    },
    getWhatsAppConnectURL(agentName) {
      const url = `${serverUrl}/whatsapp/${seg(appId)}/${seg(agentName)}`;
      const token = getToken();
      return token ? `${url}?token=${encodeURIComponent(token)}` : url;
    },
  };
}
