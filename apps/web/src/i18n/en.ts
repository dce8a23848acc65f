// The English UI strings of the web app: every text a user sees or hears (labels, buttons,
// headings, placeholders, aria-labels, toasts, empty states, document titles), grouped by area.
// A string with a value in it is a function with typed parameters; a plural is a function of
// the count. Messages from packages/domain or the server are not here: the API shares them.
// A second language is one file typed `Messages` (messages.ts); decision 0024.

export const en = {
  common: {
    save: 'Save',
    cancel: 'Cancel',
  },
};
