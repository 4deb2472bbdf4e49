"""The codecs of links, below the kinds: puzz.link's envelope and shared decoders (puzzlink.py), lz-string
(lzstring.py), JSON payloads read within bounds (payload.py), the page's share-link payloads (page/) and
Tatham's run form (tatham.py). They name no kind and read no registry; gridlogic/links says which kind a
link is and hands it these.
"""
