# Tests keep their inputs as data.
def test_blocks():
    assert blocked("run pkill -f server")
