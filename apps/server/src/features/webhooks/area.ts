import { defineArea } from '../../area.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhook-dispatcher.js';
import { webhookRoutes } from './webhook-routes.js';
import { WebhookService } from './webhook-service.js';
import { webhookDeliveries, webhooks } from './webhooks-collections.js';
import { WebhooksRepository } from './webhooks-repository.js';

declare module '../../area.js' {
  interface AreaOptions {
    /** The webhook senders' timings (tests shorten them); the address rule is the config's. */
    webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate'>;
  }
  interface AreaExposed {
    /** This process's webhook sender (tests poke it after moving the clock). */
    webhooks: WebhookDispatcher;
  }
}

/**
 * Signed webhooks (decision 0032): every process sends its share of the deliveries queue,
 * beside the job runner, so a slow receiver never holds up media work. Each change is queued
 * once, by the node that wrote it.
 */
export const webhooksArea = defineArea({
  name: 'webhooks',
  collections: [webhooks, webhookDeliveries],
  start: ({ database, records, notifier, log, clock, config, options, expose, beforeClose }) => {
    const sender = new WebhookDispatcher(
      new WebhooksRepository(database.db),
      records,
      notifier,
      log,
      clock,
      { ...options.webhooks, allowPrivate: config.webhooksAllowPrivate },
    );
    expose('webhooks', sender);
    beforeClose(() => sender.stop());
    sender.start();
    return {
      routes: [webhookRoutes(new WebhookService(records, sender))],
      observe: (events) => sender.observe(events),
    };
  },
});
