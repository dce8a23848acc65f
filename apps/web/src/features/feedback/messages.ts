// The English UI strings of features/feedback/: its slice of the catalog, merged by i18n/en.ts.

export const feedbackMessages = {
  sendFeedback: 'Send feedback',
  feedback: 'Feedback',
  feedbackSurvey: 'Feedback survey',
  thankYou: 'Thank you',
  yourFeedbackReachedTheAirgrid: 'Your feedback reached the Airgrid team.',
  whatWorksWhatDoesnT: "What works, what doesn't, what you miss? We read every message.",
  message: 'Message',
  yourEmailOptionalIfYou: "Your email (optional, if you'd like an answer)",
};
