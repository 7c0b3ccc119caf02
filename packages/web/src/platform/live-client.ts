import { Client, type IFrame, type StompSubscription } from '@stomp/stompjs';
import { liveConnectHeaders, liveHeartbeatMs, parseLiveMessage, type AnyLiveMessage } from '@wms/contract';
import { liveBrokerUrl, liveFailureAction, liveReconnectDelayMs, liveRetryStepMs } from './live-retry.js';

export interface LiveConnectionOptions {
  appVersion: string;
  uniqueSession: string;
  /** Destinations subscribed on every (re)connect. */
  destinations: readonly string[];
  onMessage(message: AnyLiveMessage, destination: string): void;
  onConnectedChange(connected: boolean): void;
  /** An ERROR frame or close naming a failure the app acts on. */
  onFailure(action: 'logout' | 'reload'): void;
}

type Handler = (body: string) => void;

/**
 * One STOMP connection (@stomp/stompjs) with the app's rules: heart-beats 10 s both ways,
 * reconnect after 1 s times the retry count (capped at 10 s; the count resets on connect), one
 * subscription per destination (a second one throws), send only while connected.
 */
export class LiveConnection {
  private readonly client: Client;
  private retries = 0;
  private readonly extra = new Map<string, Handler>();
  private readonly active = new Map<string, StompSubscription>();

  constructor(private readonly options: LiveConnectionOptions) {
    this.client = new Client({
      brokerURL: liveBrokerUrl(window.location),
      connectHeaders: {
        [liveConnectHeaders.appVersion]: options.appVersion,
        [liveConnectHeaders.uniqueSession]: options.uniqueSession,
      },
      heartbeatIncoming: liveHeartbeatMs,
      heartbeatOutgoing: liveHeartbeatMs,
      reconnectDelay: liveRetryStepMs,
      // The client waits reconnectDelay itself; this adds the rest of 1 s x retries.
      beforeConnect: async () => {
        if (this.retries === 0) return;
        const extraMs = liveReconnectDelayMs(this.retries) - liveRetryStepMs;
        if (extraMs > 0) await new Promise((resolve) => setTimeout(resolve, extraMs));
      },
      onConnect: () => {
        this.retries = 0;
        this.active.clear();
        for (const destination of options.destinations)
          this.subscribeFrame(destination, (body) => this.dispatch(body, destination));
        for (const [destination, handler] of this.extra) this.subscribeFrame(destination, handler);
        options.onConnectedChange(true);
      },
      onStompError: (frame: IFrame) => this.failed(frame.headers.message),
      onWebSocketClose: (event: CloseEvent) => {
        this.retries += 1;
        this.active.clear();
        options.onConnectedChange(false);
        this.failed(event.reason);
      },
    });
  }

  start(): void {
    this.client.activate();
  }

  async stop(): Promise<void> {
    await this.client.deactivate();
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /** An extra subscription (kept across reconnects); a destination already subscribed throws. */
  subscribe(destination: string, onBody: Handler): () => void {
    if (this.extra.has(destination) || this.options.destinations.includes(destination))
      throw new Error(`Already subscribed to ${destination}`);
    this.extra.set(destination, onBody);
    if (this.client.connected) this.subscribeFrame(destination, onBody);
    return () => {
      this.extra.delete(destination);
      const subscription = this.active.get(destination);
      this.active.delete(destination);
      if (subscription && this.client.connected) subscription.unsubscribe();
    };
  }

  /** Sends a JSON body; throws 'Send error' when the socket is not connected. */
  send(destination: string, body: unknown): void {
    if (!this.client.connected) throw new Error('Send error');
    this.client.publish({ destination, body: JSON.stringify(body) });
  }

  private subscribeFrame(destination: string, onBody: Handler): void {
    this.active.set(
      destination,
      this.client.subscribe(destination, (frame) => onBody(frame.body)),
    );
  }

  private dispatch(body: string, destination: string): void {
    const message = parseLiveMessage(body);
    if (message) this.options.onMessage(message, destination);
  }

  private failed(message: string | undefined): void {
    const action = liveFailureAction(message);
    if (action) this.options.onFailure(action);
  }
}
