export default { letter: 'f', measure: async () => ({}), report: () => '' };
