"""The API's documentation works on a venue network without internet: /docs and its
Swagger UI files are served by mjref from the installed package, and its policy names no
other site."""

from __future__ import annotations

import re

from tests.web.conftest import Site


def test_the_docs_need_no_other_site(site: Site) -> None:
    client = site.client()
    page = client.get("/docs")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "http" not in policy  # no CDN allowed: 'self' and one script hash only
    assert "'unsafe-eval'" not in policy
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources
    for source in sources:
        assert source.startswith("/"), source  # nothing from elsewhere
        assert client.get(source).status_code == 200, source
    assert (
        client.get("/docs-assets/swagger-ui-bundle.js")
        .headers["content-type"]
        .startswith(("application/javascript", "text/javascript"))
    )
