echo "this quote never closes
pkill -f server
