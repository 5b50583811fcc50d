/** README.txt of a data archive: what each file holds, for the person who opens it. */
export const ARCHIVE_README = `Your Simplified data
====================

This archive holds everything you own or wrote on Simplified, as of the time it was made. Every file but the
pictures is JSON (UTF-8); times are UTC (ISO 8601).

profile.json         your account: name, username, e-mail, bio, settings, when you joined
personas.json        the personas you created, with their hidden prompts, memory and opening messages
saved-items.json     your saved notes and prompts (AI Studio)
conversations.json   your conversations: with whom, whether you muted them, and for conversations with a
                     persona what it remembers of you there (memory on or off, its context and facts)
rooms.json           the rooms you are or were in: name, whether you own it or muted it, when you joined (and left)
messages.json        every message of those conversations, yours and the other side's, oldest first per
                     conversation; then the messages of your rooms written while you were in them ("roomId");
                     "fromYou" marks yours
charioteer.json      your Charioteer discussions with every turn
blocked.json         the people you blocked
reports-filed.json   the reports you filed (what you wrote; not what moderators saw)
notification-devices.json  the devices you turned notifications on for: their push service, since when, last
                     notified (not their keys)
pictures/            your profile picture and your personas' pictures (names refer to them)

Your password is not here: only a one-way hash of it is stored, and it is never given out.
`;
