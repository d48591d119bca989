"""marshmallow schemas of every request and response body (the OpenAPI document's source).

``requests`` holds bodies, query strings and headers clients send; ``responses`` holds every body
the service answers with, problems included.
"""
