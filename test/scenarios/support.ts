// Site ids the shipped scenarios name.

export const LONDON = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';
export const SOHO = 'ce5d7f5a-5a59-4173-9305-f33c2faf0cbe';
