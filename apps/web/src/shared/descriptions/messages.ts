// The English UI strings of shared/descriptions/: its slice of the catalog, merged by i18n/en.ts.

export const descriptionsMessages = {
  audioDescription: 'Audio description',
  spokenByYourBrowser: 'What is seen, read out by your browser over the programme.',
  cannotSpeak: 'This browser cannot read descriptions out.',
};
