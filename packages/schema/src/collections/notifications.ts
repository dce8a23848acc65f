import { defineCollection } from '../collection.js';
import { bool, relation, select, text } from '../fields.js';

export const NOTIFICATION_TYPES = [
  'info',
  'reminder',
  'help',
  'message',
  'comments',
  'mail',
  'task',
  'error',
  'warning',
  'success',
] as const;

export const notifications = defineCollection({
  id: 'pbc_2301922722',
  name: 'notifications',
  type: 'base',
  fields: [
    relation('user', 'users', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('body', { max: 2000 }),
    bool('read'),
    select('type', NOTIFICATION_TYPES, { required: true }),
    text('path', { max: 500 }),
    text('img', { max: 500 }),
  ],
  indexes: [{ name: 'user_read', columns: ['user', 'read'] }],
});
